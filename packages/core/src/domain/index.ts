export type { DecadeGridCell } from './calendar-grids'
export { getDecadeGrid } from './calendar-grids'
export type { DayCountRun, Period, PeriodUnit, WeekStripDay } from './dates'
export {
  addDays,
  DayCounts,
  getNarrowWeekdayLetters,
  getPeriod,
  getPeriodUnit,
  getWeekday,
  getWeekStrip,
  isValidCalendarDay,
  listCalendarDays,
  toCalendarDay,
} from './dates'
export type { DayTotals, NumberDays, ValuedEventLike } from './day-totals'
export {
  buildDayTotals,
  buildDayTotalsByActivity,
  EMPTY_DAY_TOTALS,
  mergeDayTotals,
} from './day-totals'
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
export type {
  CompletionRate,
  DaysSummary,
  HabitStats,
  HabitStatsOptions,
  NumberSummary,
  PeriodSummary,
  StatsPeriodUnit,
  StreakHistory,
  StreakRun,
  WeekdayCount,
} from './habit-stats'
export {
  computeCompletion,
  computeHabitStats,
  countByWeekday,
  getFirstEventDay,
  listStreaks,
  summarizeByPeriod,
  summarizeDays,
} from './habit-stats'
export { computeHeatShade, countEventsByDay } from './heat'
export { compareCodeUnits, compareNames } from './order'
export { selectRecentActivities, sortByRecent } from './recents'
export { formatRelativeTime } from './relative-time'
export type {
  NotificationPlanInput,
  PlannedNotification,
  ReminderCheck,
  ReminderLike,
  ReminderOccurrence,
  ReminderSkipReason,
} from './reminders'
export {
  buildReminderMessage,
  getNextReminderOccurrence,
  getNotificationId,
  getReminderSkipReason,
  isPausedOn,
  listReminderOccurrences,
  NOTIFICATION_PLAN_DAYS,
  NOTIFICATION_PLAN_LIMIT,
  parseTimeOfDay,
  planNotifications,
  resolveLocalTime,
} from './reminders'
export type {
  ScheduleItem,
  ScheduleSection,
  ScheduleSectionKey,
  ScheduleViewInput,
} from './schedule-view'
export {
  buildScheduleView,
  isDueOn,
  shouldSwitchToUnscheduled,
} from './schedule-view'
export type { ApiCompatibility, ParsedServerAddress, ServerAddressProblem } from './server-address'
export {
  checkApiCompatibility,
  KINDLING_API_VERSION,
  parseServerAddress,
  SUPPORTED_API_VERSIONS,
} from './server-address'
export type { HabitProgress, HeatMapDay, MonthActivity, YearHeatMap } from './stats-overview'
export { buildPeriodProgress, buildYearHeatMap } from './stats-overview'
export type { ActivityStreak } from './streaks'
export { computeStreak, computeStreaks, computeStreaksFromDays } from './streaks'
export type {
  StrengthFrequency,
  StrengthOptions,
  StrengthPoint,
  StrengthSeries,
  StrengthTarget,
} from './strength'
export {
  computeStrength,
  getStrengthFrequency,
  getStrengthOn,
  sampleStrength,
  stepStrength,
  updateStrength,
} from './strength'
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
