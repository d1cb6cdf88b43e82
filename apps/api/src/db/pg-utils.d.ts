/** node-postgres's own conversion of a parameter (its query.js binds with it): untyped there. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown }
  export default utils
}
