import { z } from 'zod'
import { LANGUAGES } from '../domain/language'

export const Language = z
  .enum(LANGUAGES)
  .describe('A language Kindling speaks, as a BCP 47 tag: en, de, es, fr, pt-BR, ja or ar.')
export type Language = z.infer<typeof Language>
