/** Business constants and limits of SPEC §9. */

export const PRODUCT_NAME = 'Kindling'

export const ACTIVITY_NAME_MAX_LENGTH = 20
/** The name input accepts one character more than allowed so the rule can be shown. */
export const ACTIVITY_NAME_INPUT_MAX_LENGTH = 21
export const GROUP_NAME_MAX_LENGTH = 50
export const ATTRIBUTE_NAME_MAX_LENGTH = 50
export const DESCRIPTION_MAX_LENGTH = 1000
export const TEXT_VALUE_MAX_LENGTH = 10_000
export const OPTION_MAX_LENGTH = 100
export const OPTIONS_MAX_COUNT = 100

export const RECENT_ACTIVITIES_LIMIT = 3

/** SPEC §1: the mobile layout is used under this width (and on native). */
export const MOBILE_BREAKPOINT_PX = 500
/** The widths of the mobile layout, as a media query (the web app's and the server's HTML). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`

export const RATING_MIN = 1
export const RATING_MAX = 5
export const DEFAULT_DURATION_UNIT = 'minutes'
export const DEFAULT_MONTHLY_DAY = 1
/** Reminders one habit may have (issue 18: several a day). */
export const REMINDERS_PER_ACTIVITY_MAX = 24

export const DEFAULT_LANGUAGE_CODE = 'en-US'
export const DEFAULT_TIME_ZONE = 'America/Phoenix'

export const HEAT_MAX_SHADE = 9
export const HEAT_SHADE_OFFSET = 3

/** A random `#rrggbb` colour; `random` is injectable so callers and tests control it. */
export function randomColor(random: () => number = Math.random): string {
  const value = Math.floor(random() * 0x1000000) & 0xffffff
  return `#${value.toString(16).padStart(6, '0')}`
}

/**
 * The tables the change feed carries, in the order a client applies them (issue 13). Here, not
 * beside the sync schemas, so the app's first screen can use it without loading zod.
 */
export const SYNC_TABLES = [
  'activities',
  'attributes',
  'groups',
  'goals',
  'events',
  'breaks',
] as const
export type SyncTable = (typeof SYNC_TABLES)[number]

/** Most changes one page of the feed carries, and a page's size when the client does not say. */
export const SYNC_PAGE_MAX = 5000
export const SYNC_PAGE_DEFAULT = 1000
