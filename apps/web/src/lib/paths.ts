/** Every route of the app (SPEC §2), in one place. Builders take the route's parameters. */

function withQuery(path: string, query: Record<string, string | undefined | null>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, value)
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

export const paths = {
  home: () => '/',
  schedule: () => '/schedule',
  activities: () => '/activities',
  events: () => '/events',
  goals: () => '/goals',
  stats: () => '/stats',
  me: () => '/me',

  group: (groupId: string) => `/groups/${groupId}`,
  activity: (activityId: string) => `/activities/${activityId}`,
  attribute: (attributeId: string) => `/attributes/${attributeId}`,
  event: (eventId: string) => `/events/${eventId}`,
  /** The one-tap log link of a habit (issue 52). */
  logEvent: (activityId: string) => `/log/${activityId}`,

  addEvent: (query: { activityId?: string; defaultDate?: string } = {}) =>
    withQuery('/add-event', query),
  addActivity: (query: { groupId?: string } = {}) => withQuery('/add-activity', query),
  addAttribute: (query: { activityId?: string } = {}) => withQuery('/add-attribute', query),
  addGroup: () => '/add-group',
  addGoal: (query: { cadence?: string; activityId?: string } = {}) => withQuery('/add-goal', query),

  updateActivity: (query: { activityId: string }) => withQuery('/update-activity', query),
  updateGroup: (query: { groupId: string }) => withQuery('/update-group', query),
  updateEvent: (query: { eventId: string }) => withQuery('/update-event', query),
  updateGoal: (query: { goalId: string }) => withQuery('/update-goal', query),
  updateAttribute: (query: { attributeId: string }) => withQuery('/update-attribute', query),
  moveActivity: (query: { activityId: string; groupId?: string }) =>
    withQuery('/move-activity', { activityId: query.activityId, groupId: query.groupId ?? '' }),

  signIn: () => '/signin',
  createAccount: () => '/create-account',
  confirmEmail: () => '/confirm-email',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  /** 'Your Kindling server' (native), and the admin (issue 53). */
  server: (query: { address?: string } = {}) => withQuery('/server', query),
  admin: () => '/admin',
} as const
