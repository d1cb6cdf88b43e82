/** The sync answer of a server with nothing on it: what the engine's and the store's tests serve. */
export const NO_CHANGES = {
  activities: [],
  attributes: [],
  groups: [],
  goals: [],
  events: [],
  cursor: '0',
  more: false,
  olderEvents: false,
}
