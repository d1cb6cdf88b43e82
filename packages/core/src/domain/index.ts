export {
  describeEventValues,
  formatAttributeValue,
  getAttributeLabel,
  orderAttributes,
} from './attribute-values'
export type { BreakEdit, BreakLike, BreakRanges } from './breaks'
export {
  buildBreakRanges,
  buildBreakRangesByActivity,
  isBreakBetween,
  isBreakDay,
  isBreakDayNumber,
  isOnBreakInPeriod,
  listBreakDays,
  mergeDaysIntoRanges,
  NO_BREAKS,
  planUndoSkip,
  sameBreakRanges,
} from './breaks'
export type { DecadeGridCell } from './calendar-grids'
export { getDecadeGrid } from './calendar-grids'
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
export type { DayTotals, DayValues, NumberDays, ValuedEventLike } from './day-totals'
export {
  buildDayTotals,
  buildDayTotalsByActivity,
  countBetween,
  DayTotalsBuilder,
  EMPTY_DAY_TOTALS,
  getDayCount,
  getDayTotalsRange,
  getEventDay,
  mergeDayTotals,
  sumBetween,
} from './day-totals'
export type { CadenceTarget } from './done-state'
export {
  findEventInPeriod,
  getScheduleCadence,
  isDoneBetween,
  isDoneInPeriod,
  measureCurrentPeriod,
} from './done-state'
export type { FieldMerge, FieldMergeInput, FieldTimes } from './field-merge'
export { EVERY_OTHER_FIELD, mergeFieldChanges, SERVER_NODE } from './field-merge'
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
  HabitDaysInput,
  HabitDaysMemo,
  HeldEventLike,
  HistoryItemLike,
  HistoryLike,
} from './habit-days'
export {
  buildHabitDays,
  createHabitDaysMemo,
  isCountedByHistory,
  stepHabitDays,
} from './habit-days'
export type {
  CompletionRate,
  DaysSummary,
  HabitStats,
  HabitStatsOptions,
  NumberSummary,
  PeriodSummary,
  StatsPeriodUnit,
  WeekdayCount,
} from './habit-stats'
export {
  computeCompletion,
  computeGoalCompletion,
  computeHabitStats,
  countByWeekday,
  getFirstEventDay,
  summarizeByPeriod,
  summarizeDays,
} from './habit-stats'
export { computeHeatShade } from './heat'
export type { Hlc } from './hlc'
export {
  boundHlc,
  compareHlc,
  formatHlc,
  HLC_COUNTER_MAX,
  isHlcNode,
  laterHlc,
  parseHlc,
  receiveHlc,
  tickHlc,
} from './hlc'
export { isRightToLeft, LANGUAGE_NAMES, LANGUAGES, languageForDevice } from './language'
export type { PositionedLike, PositionWrite } from './manual-order'
export { generatePositions, planMove, sortByPosition } from './manual-order'
export { compareCodeUnits, compareNames } from './order'
export { selectRecentActivities, sortByRecent } from './recents'
export { formatRelativeTime, getRelativeTime, type RelativeTime } from './relative-time'
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
export type { ActivityStreak, StreakHistory, StreakRun } from './streaks'
export { computeStreak, listStreaks, rankStreaks } from './streaks'
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
  toStrengthTarget,
  updateStrength,
} from './strength'
export type {
  PeriodProgress,
  PeriodTarget,
  TargetAttributeLike,
  TargetOf,
} from './targets'
export {
  indexGoalTargets,
  isMetByOneMoreEvent,
  isTargetDangling,
  measurePeriod,
  ONE_EVENT,
  resolveTarget,
} from './targets'
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
  TargetLike,
  TimestampedLike,
} from './types'
export { isActive, isDeleted } from './types'
export type { RecordChange, RecordWrite, RuleTables, WriteReads } from './write-rules'
export { applyWrite, readsOf } from './write-rules'
