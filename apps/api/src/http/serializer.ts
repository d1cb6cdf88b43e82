import { isDeepStrictEqual } from 'node:util'
import type { FastifySerializerCompiler } from 'fastify/types/schema'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'

/**
 * Writes responses that have a schema. The handlers build every body with typed mappers
 * (`toEvent`, `toActivity`...), so the server writes them with plain `JSON.stringify` and does
 * not re-parse each one with zod, which cost more than the rest of a large list read (decision
 * 017). With `check` (the test suites) every body is validated against its schema and must
 * come out of the validation unchanged: a field outside the schema fails the test instead of
 * being stripped in one mode and written in the other.
 */
export function responseSerializer(check: boolean): FastifySerializerCompiler<ZodType> {
  if (!check) return () => (data) => JSON.stringify(data)
  return (route) => {
    const validate = serializerCompiler(route)
    return (data) => {
      const body = validate(data)
      if (!isDeepStrictEqual(JSON.parse(body), JSON.parse(JSON.stringify(data)))) {
        throw new Error(`${route.method} ${route.url}: the response has fields outside its schema`)
      }
      return body
    }
  }
}
