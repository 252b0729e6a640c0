/** Every path of the app in one place. */
export const tabPath = (tab: string) => `/app/tabs/${tab}`;

export const paths = {
  root: '/',
  tabs: {
    game: tabPath('game'),
    matches: tabPath('matches'),
    club: tabPath('club'),
    selections: tabPath('selections'),
    account: tabPath('account'),
    login: tabPath('login'),
  },
  account: '/account',
  support: '/support',
  login: '/login',
  signup: '/signup',
  events: '/events',
  gallery: '/gallery',
  clockin: '/clockin',
  staffschedules: '/staffschedules',
  menumanager: '/menumanager',
  addschedule: '/addschedule',
  analytics: '/analytics',
  analyticsFilter: '/analytics-filter',
  contact: '/contact',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  bioAuth: '/bio-auth',
  webOtp: '/web-otp-page',
  openpdf: '/openpdf',
  notificationList: '/notification-list',
  eventModal: '/event-modal',
  payments: '/payments',
  selections: '/selections',
  matches: '/matches',
  stripe: '/stripe',
  stripeWeb: '/stripe-web',
  filterall: '/filterall',
  admin: '/admin',
  rules: '/rules',
  about: '/about',
  game: '/game',
  teamselections: '/teamselections',
  tutorial: '/tutorial',
  // Gallery.
  galleryUpload: '/gallery-upload',
  // rota: the till device's screen (not in the original's table).
  till: '/till',
  // Events.
  adminEvents: '/admin/events',
  /** One date's attendee list, laid out for printing (?id=<occurrence id>). */
  eventAttendees: '/event-attendees',
  // Notifications.
  notificationSettings: '/notification-settings',
  // Admins message the members (club news) or the staff.
  messageMembers: '/message-members',
  // Menu: the guests' menu page.
  menu: '/menu',
  // Timesheets: not in the original's table.
  timesheets: '/timesheets',
  myHours: '/myhours',
  // Tenants: a club signs up, its settings, members and poster, invitations.
  startClub: '/start-club',
  adminClub: '/club-settings',
  adminMembers: '/club-members',
  adminPoster: '/club-poster',
  invite: '/invite/:token',
  // Quiz night: a team's phone (?code=), and the quizmaster's screen (?id= runs one quiz).
  quiz: '/quiz',
  adminQuizzes: '/admin/quizzes',
} as const;
