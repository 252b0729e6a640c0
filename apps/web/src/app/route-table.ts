import type { ComponentType } from 'react';
import type { Access } from './access.ts';
import { lazyPage } from './lazy-page.tsx';
import { paths } from './paths.ts';

export interface AppRoute {
  path: string;
  title: string;
  access: Access;
  Page: ComponentType;
}

const route = (
  path: string,
  title: string,
  access: Access,
  load: () => Promise<ComponentType>,
): AppRoute => ({
  path,
  title,
  access,
  Page: lazyPage(load, access),
});

/** The original's route list, one row per route; every page is its own chunk. */
export const appRoutes: readonly AppRoute[] = [
  route(paths.account, 'Account', 'signedIn', () =>
    import('../features/account/account-page.tsx').then((m) => m.AccountPage),
  ),
  route(paths.support, 'Support', 'public', () =>
    import('../features/support/support-page.tsx').then((m) => m.SupportPage),
  ),
  route(paths.login, 'Log in', 'public', () =>
    import('../features/auth/login-page.tsx').then((m) => m.LoginPage),
  ),
  route(paths.signup, 'Sign up', 'public', () =>
    import('../features/auth/signup-page.tsx').then((m) => m.SignupPage),
  ),
  route(paths.events, 'Events', 'public', () =>
    import('../features/events/events-page.tsx').then((m) => m.EventsPage),
  ),
  route(paths.gallery, 'Gallery', 'public', () =>
    import('../features/gallery/gallery-page.tsx').then((m) => m.GalleryPage),
  ),
  route(paths.clockin, 'Clock in', 'staff', () =>
    import('../features/staff/clockin-page.tsx').then((m) => m.ClockinPage),
  ),
  route(paths.staffschedules, 'Staff schedules', 'staff', () =>
    import('../features/staff/staff-schedules-page.tsx').then((m) => m.StaffSchedulesPage),
  ),
  route(paths.menumanager, 'Menu manager', 'admin', () =>
    import('../features/menu/menu-manager-page.tsx').then((m) => m.MenuManagerPage),
  ),
  route(paths.addschedule, 'Add shift', 'admin', () =>
    import('../features/staff/add-schedule-page.tsx').then((m) => m.AddSchedulePage),
  ),
  route(paths.analytics, 'Analytics', 'admin', () =>
    import('../features/analytics/analytics-page.tsx').then((m) => m.AnalyticsPage),
  ),
  route(paths.analyticsFilter, 'Analytics filters', 'admin', () =>
    import('../features/analytics/analytics-filter-page.tsx').then((m) => m.AnalyticsFilterPage),
  ),
  route(paths.contact, 'Contact', 'public', () =>
    import('../features/contact/contact-page.tsx').then((m) => m.ContactPage),
  ),
  route(paths.forgotPassword, 'Forgot password', 'public', () =>
    import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  ),
  route(paths.resetPassword, 'Reset password', 'public', () =>
    import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
  route(paths.bioAuth, 'Passkey sign-in', 'public', () =>
    import('../features/auth/bio-auth-page.tsx').then((m) => m.BioAuthPage),
  ),
  route(paths.webOtp, 'Phone code', 'public', () =>
    import('../features/auth/web-otp-page.tsx').then((m) => m.WebOtpPage),
  ),
  route(paths.openpdf, 'Menu (PDF)', 'public', () =>
    import('../features/menu/open-pdf-page.tsx').then((m) => m.OpenPdfPage),
  ),
  route(paths.notificationList, 'Notifications', 'signedIn', () =>
    import('../features/notifications/notification-list-page.tsx').then((m) => m.NotificationListPage),
  ),
  route(paths.eventModal, 'Event', 'public', () =>
    import('../features/events/event-modal-page.tsx').then((m) => m.EventModalPage),
  ),
  route(paths.payments, 'Payments', 'signedIn', () =>
    import('../features/payments/payments-page.tsx').then((m) => m.PaymentsPage),
  ),
  route(paths.stripe, 'Card payment', 'signedIn', () =>
    import('../features/payments/stripe-page.tsx').then((m) => m.StripePage),
  ),
  route(paths.stripeWeb, 'Card payment', 'signedIn', () =>
    import('../features/payments/stripe-web-page.tsx').then((m) => m.StripeWebPage),
  ),
  route(paths.filterall, 'All filters', 'admin', () =>
    import('../features/analytics/filter-all-page.tsx').then((m) => m.FilterAllPage),
  ),
  route(paths.admin, 'Admin', 'admin', () =>
    import('../features/admin/admin-page.tsx').then((m) => m.AdminPage),
  ),
  route(paths.rules, 'Rules', 'public', () =>
    import('../features/rules/rules-page.tsx').then((m) => m.RulesPage),
  ),
  route(paths.about, 'About', 'public', () =>
    import('../features/about/about-page.tsx').then((m) => m.AboutPage),
  ),
  route(paths.teamselections, 'Pick a team', 'signedIn', () =>
    import('../features/game/team-selections-page.tsx').then((m) => m.TeamSelectionsPage),
  ),
  route(paths.tutorial, 'Welcome', 'public', () =>
    import('../features/tutorial/tutorial-page.tsx').then((m) => m.TutorialPage),
  ),
];

/** Pages inside the tabs, at /app/tabs/<tab>. */
export const tabRoutes: readonly AppRoute[] = [
  route('game', 'Game', 'public', () => import('../features/game/game-page.tsx').then((m) => m.GamePage)),
  route('matches', 'Matches', 'public', () =>
    import('../features/matches/matches-page.tsx').then((m) => m.MatchesPage),
  ),
  route('club', 'Club', 'public', () => import('../features/club/club-page.tsx').then((m) => m.ClubPage)),
  route('selections', 'Orders', 'signedIn', () =>
    import('../features/selections/selections-page.tsx').then((m) => m.SelectionsPage),
  ),
  route('account', 'Account', 'signedIn', () =>
    import('../features/account/account-page.tsx').then((m) => m.AccountPage),
  ),
  route('login', 'Log in', 'public', () =>
    import('../features/auth/login-page.tsx').then((m) => m.LoginPage),
  ),
];

/** Tab pages also answer at /<name>. */
export const tabRedirects: ReadonlyArray<{ from: string; to: string }> = [
  { from: paths.game, to: paths.tabs.game },
  { from: paths.matches, to: paths.tabs.matches },
  { from: paths.selections, to: paths.tabs.selections },
];
