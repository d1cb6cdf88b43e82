import { Fragment, type ReactNode } from 'react'

/*
 * A translated sentence with a React element inside it (an e-mail address in bold)
 * is one message with a placeholder, so each language puts the element where its grammar wants
 * it: `t` leaves the placeholder standing (`slots`), `withNodes` puts the element there.
 */

/** Values for `t` that leave each named placeholder as it is, for `withNodes` to fill. */
export function slots(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `{${name}}`]))
}

/** `text` with each `{name}` of `nodes` replaced by its node. */
export function withNodes(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/(\{\w+\})/)
  return parts.map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    const node = name !== undefined && Object.hasOwn(nodes, name) ? nodes[name] : part
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move.
    return <Fragment key={index}>{node}</Fragment>
  })
}
