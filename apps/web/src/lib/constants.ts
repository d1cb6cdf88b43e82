/** Constants of the web app alone: layout, search, sign-in timings and stored keys (SPEC §9). */

export const DEFAULT_LOCALE = 'en'
/** How many of a select attribute's options its description lists. */
export const OPTION_PREVIEW_LIMIT = 10

export { MOBILE_BREAKPOINT_PX } from '@kindling/core'
export const HEADER_HEIGHT_PX = 75
export const FOOTER_HEIGHT_PX = 90
export const SPOTLIGHT_SHORTCUT = 'mod+K'
export const SPOTLIGHT_MAX_HEIGHT_PX = 400

/** ISO weekday numbering as JavaScript's getDay(): 0 is Sunday. */
export const WEEK_START_DAY = 1

export const TOKEN_REFRESH_LEAD_MS = 5 * 60 * 1000
export const TOKEN_EXPIRY_MARGIN_MS = 30 * 1000
export const TOKEN_RETRY_INITIAL_MS = 30 * 1000
export const TOKEN_RETRY_MAX_MS = 16 * 60 * 1000
export const AUTH_TIMEOUT_DESKTOP_MS = 30 * 1000
export const AUTH_TIMEOUT_MOBILE_MS = 60 * 1000

/** Keys the web app keeps in local storage (SPEC §3). */
export const STORAGE_KEYS = {
  goalsDailyCollapsed: 'goalsDailyCollapsed',
  goalsWeeklyCollapsed: 'goalsWeeklyCollapsed',
  goalsMonthlyCollapsed: 'goalsMonthlyCollapsed',
  eventsCollapsed: 'eventsCollapsed',
  selectedActivity: 'selectedActivity',
  goalsTab: 'goalsTab',
  scheduleType: 'scheduleType',
  collapsedGroups: 'collapsedGroups',
  streaksCollapsed: 'isStreaksCollapsed',
  pendingEmail: 'pendingEmail',
  lastActivityId: 'lastActivityId',
} as const
