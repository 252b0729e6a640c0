/** Every route of the original's table, with the title its page shows and who may open it. */
export const routeCases: ReadonlyArray<{
  path: string;
  title: string;
  access: 'public' | 'signedIn' | 'staff' | 'admin';
}> = [
  { path: '/account', title: 'Account', access: 'signedIn' },
  { path: '/support', title: 'Support', access: 'public' },
  { path: '/login', title: 'Log in', access: 'public' },
  { path: '/signup', title: 'Sign up', access: 'public' },
  { path: '/events', title: 'Events', access: 'public' },
  { path: '/gallery', title: 'Gallery', access: 'public' },
  { path: '/clockin', title: 'Clock in', access: 'staff' },
  { path: '/staffschedules', title: 'Staff schedules', access: 'staff' },
  { path: '/menumanager', title: 'Menu manager', access: 'staff' },
  { path: '/addschedule', title: 'Add shift', access: 'admin' },
  { path: '/analytics', title: 'Analytics', access: 'admin' },
  { path: '/analytics-filter', title: 'Analytics filters', access: 'admin' },
  { path: '/contact', title: 'Contact', access: 'public' },
  { path: '/forgot-password', title: 'Forgot password', access: 'public' },
  { path: '/bio-auth', title: 'Passkey sign-in', access: 'public' },
  { path: '/web-otp-page', title: 'Phone code', access: 'public' },
  { path: '/openpdf', title: 'Food and drink menu', access: 'public' },
  { path: '/notification-list', title: 'Notifications', access: 'signedIn' },
  { path: '/event-modal', title: 'Event', access: 'public' },
  { path: '/payments', title: 'Payments', access: 'signedIn' },
  { path: '/selections', title: 'Orders', access: 'signedIn' },
  { path: '/matches', title: 'Matches', access: 'public' },
  { path: '/stripe', title: 'Card payment', access: 'signedIn' },
  { path: '/stripe-web', title: 'Card payment', access: 'signedIn' },
  { path: '/filterall', title: 'All filters', access: 'admin' },
  { path: '/admin', title: 'Admin', access: 'admin' },
  { path: '/rules', title: 'Rules', access: 'public' },
  { path: '/about', title: 'About', access: 'public' },
  { path: '/game', title: 'Game', access: 'public' },
  { path: '/teamselections', title: 'Pick a team', access: 'signedIn' },
  { path: '/tutorial', title: 'How it works', access: 'public' },
  { path: '/reset-password', title: 'Choose a new password', access: 'public' },
  { path: '/app/tabs/club', title: 'The Red Lion', access: 'public' },
  // Menu.
  { path: '/menu', title: 'Food and drink', access: 'public' },
  // Timesheets.
  { path: '/timesheets', title: 'Timesheets', access: 'admin' },
  { path: '/myhours', title: 'My hours', access: 'staff' },
];
