export type { DateRangeSelection, DecadeGridCell } from './calendar-grids'
export { getDecadeGrid, getYearGrid, pickDateRange } from './calendar-grids'
export type { Period, PeriodUnit, WeekStripDay } from './dates'
export {
  addDays,
  getNarrowWeekdayLetters,
  getPeriod,
  getPeriodUnit,
  getWeekday,
  getWeekStrip,
  isValidCalendarDay,
  listCalendarDays,
  toCalendarDay,
} from './dates'
export type { CadenceTarget, DoneActivityIds } from './done-state'
export {
  collectDoneActivityIds,
  findEventInPeriod,
  getScheduleCadence,
  isDoneInPeriod,
} from './done-state'
export type {
  GoalItem,
  GoalSection,
  GoalsStateInput,
  GoalsTab,
  GoalsViewInput,
} from './goals-view'
export { buildGoalsView, hasAnyDoneGoal } from './goals-view'
export {
  addActivityToGroup,
  findGroupOf,
  moveActivity,
  removeActivityFromGroup,
  selectPickableActivities,
} from './groups'
export { computeHeatShade, countEventsByDay } from './heat'
export { selectRecentActivities, sortByRecent } from './recents'
export { formatRelativeTime } from './relative-time'
export type {
  ScheduleItem,
  ScheduleSection,
  ScheduleSectionKey,
  ScheduleViewInput,
} from './schedule-view'
export {
  buildScheduleView,
  isDueOn,
  isDueToday,
  shouldSwitchToUnscheduled,
} from './schedule-view'
export type { ActivityStreak } from './streaks'
export { computeStreak, computeStreaks } from './streaks'
export type {
  ActivityLike,
  CadenceLike,
  DayString,
  EventLike,
  GoalLike,
  GroupLike,
  ScheduledActivityLike,
  ScheduleFilterLike,
  ScheduleLike,
  SoftDeletable,
  TimestampedLike,
} from './types'
export { isDeleted } from './types'
