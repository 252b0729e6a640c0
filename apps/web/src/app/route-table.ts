import {
  footballOutline,
  logInOutline,
  personCircleOutline,
  receiptOutline,
  storefrontOutline,
  trophyOutline,
} from 'ionicons/icons';
import type { ComponentType } from 'react';
import type { Access } from './access.ts';
import { lazyPage } from './lazy-page.tsx';
import { paths } from './paths.ts';

export interface AppRoute {
  path: string;
  /** The page header's title (pages read it from here, see `RouteTitle`). */
  title: string;
  access: Access;
  Page: ComponentType;
}

/** A page in the tab bar: its button's icon and short name. */
export interface TabRoute extends AppRoute {
  /** The short name in the tab bar; the title unless given. */
  label: string;
  icon: string;
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
  Page: lazyPage(load, access, title),
});

const tab = (
  path: string,
  title: string,
  icon: string,
  access: Access,
  load: () => Promise<ComponentType>,
  label = title,
): TabRoute => ({ ...route(path, title, access, load), label, icon });

/** The original's route list, one row per route; every page is its own chunk. */
export const appRoutes: readonly AppRoute[] = [
  route(paths.account, 'Account', 'signedIn', () =>
    import('../domains/account/account-page.tsx').then((m) => m.AccountPage),
  ),
  route(paths.support, 'Support', 'public', () =>
    import('../domains/shell/support-page.tsx').then((m) => m.SupportPage),
  ),
  route(paths.login, 'Log in', 'public', () =>
    import('../domains/account/sign-in/login-page.tsx').then((m) => m.LoginPage),
  ),
  route(paths.signup, 'Sign up', 'public', () =>
    import('../domains/account/sign-in/signup-page.tsx').then((m) => m.SignupPage),
  ),
  route(paths.events, 'Events', 'public', () =>
    import('../domains/content/events/events-page.tsx').then((m) => m.EventsPage),
  ),
  route(paths.gallery, 'Gallery', 'public', () =>
    import('../domains/content/gallery/gallery-page.tsx').then((m) => m.GalleryPage),
  ),
  route(paths.clockin, 'Clock in', 'staff', () =>
    import('../domains/staff/clock/clockin-page.tsx').then((m) => m.ClockinPage),
  ),
  route(paths.staffschedules, 'Staff schedules', 'staff', () =>
    import('../domains/staff/shifts/staff-schedules-page.tsx').then((m) => m.StaffSchedulesPage),
  ),
  // Staff come here too, to mark dishes available today or not.
  route(paths.menumanager, 'Menu manager', 'staff', () =>
    import('../domains/content/menu/menu-manager-page.tsx').then((m) => m.MenuManagerPage),
  ),
  // Timesheets.
  route(paths.timesheets, 'Timesheets', 'admin', () =>
    import('../domains/staff/timesheets/timesheets-page.tsx').then((m) => m.TimesheetsPage),
  ),
  route(paths.myHours, 'My hours', 'staff', () =>
    import('../domains/staff/timesheets/my-hours-page.tsx').then((m) => m.MyHoursPage),
  ),
  route(paths.addschedule, 'Add shift', 'admin', () =>
    import('../domains/staff/shifts/add-schedule-page.tsx').then((m) => m.AddSchedulePage),
  ),
  route(paths.analytics, 'Analytics', 'admin', () =>
    import('../domains/analytics/analytics-page.tsx').then((m) => m.AnalyticsPage),
  ),
  route(paths.analyticsFilter, 'Analytics filters', 'admin', () =>
    import('../domains/analytics/analytics-filter-page.tsx').then((m) => m.AnalyticsFilterPage),
  ),
  route(paths.contact, 'Contact', 'public', () =>
    import('../domains/club/contact/contact-page.tsx').then((m) => m.ContactPage),
  ),
  route(paths.forgotPassword, 'Forgot password', 'public', () =>
    import('../domains/account/sign-in/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  ),
  route(paths.resetPassword, 'Choose a new password', 'public', () =>
    import('../domains/account/sign-in/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
  route(paths.bioAuth, 'Passkey sign-in', 'public', () =>
    import('../domains/account/sign-in/bio-auth-page.tsx').then((m) => m.BioAuthPage),
  ),
  route(paths.webOtp, 'Phone code', 'public', () =>
    import('../domains/account/sign-in/web-otp-page.tsx').then((m) => m.WebOtpPage),
  ),
  route(paths.openpdf, 'Food and drink menu', 'public', () =>
    import('../domains/content/menu/open-pdf-page.tsx').then((m) => m.OpenPdfPage),
  ),
  route(paths.notificationList, 'Notifications', 'signedIn', () =>
    import('../domains/notifications/notification-list-page.tsx').then((m) => m.NotificationListPage),
  ),
  route(paths.eventModal, 'Event', 'public', () =>
    import('../domains/content/events/event-modal-page.tsx').then((m) => m.EventModalPage),
  ),
  route(paths.payments, 'Payments', 'signedIn', () =>
    import('../domains/payments/payments-page.tsx').then((m) => m.PaymentsPage),
  ),
  route(paths.stripe, 'Card payment', 'signedIn', () =>
    import('../domains/payments/stripe-page.tsx').then((m) => m.StripePage),
  ),
  route(paths.stripeWeb, 'Card payment', 'signedIn', () =>
    import('../domains/payments/stripe-web-page.tsx').then((m) => m.StripeWebPage),
  ),
  route(paths.filterall, 'All filters', 'admin', () =>
    import('../domains/analytics/filter-all-page.tsx').then((m) => m.FilterAllPage),
  ),
  route(paths.admin, 'Admin', 'admin', () =>
    import('../domains/shell/admin-page.tsx').then((m) => m.AdminPage),
  ),
  route(paths.rules, 'Rules', 'public', () =>
    import('../domains/game/rules/rules-page.tsx').then((m) => m.RulesPage),
  ),
  route(paths.about, 'About', 'public', () =>
    import('../domains/shell/about-page.tsx').then((m) => m.AboutPage),
  ),
  route(paths.teamselections, 'Pick a team', 'signedIn', () =>
    import('../domains/game/team-selections-page.tsx').then((m) => m.TeamSelectionsPage),
  ),
  route(paths.tutorial, 'How it works', 'public', () =>
    import('../domains/shell/tutorial-page.tsx').then((m) => m.TutorialPage),
  ),
  // Gallery: the upload screen (staff, when the club's admin allows it).
  route(paths.galleryUpload, 'Upload photos', 'staff', () =>
    import('../domains/content/gallery/gallery-upload-page.tsx').then((m) => m.GalleryUploadPage),
  ),
  // rota
  route(paths.till, 'Clock-in code', 'public', () =>
    import('../domains/staff/clock/till-page.tsx').then((m) => m.TillPage),
  ),
  // Events.
  route(paths.adminEvents, 'Manage events', 'admin', () =>
    import('../domains/content/events/events-admin-page.tsx').then((m) => m.EventsAdminPage),
  ),
  route(paths.eventAttendees, 'Attendee list', 'admin', () =>
    import('../domains/content/events/event-attendees-page.tsx').then((m) => m.EventAttendeesPage),
  ),
  // notifications: the preference centre and push on this device
  route(paths.notificationSettings, 'Notification settings', 'signedIn', () =>
    import('../domains/notifications/notification-settings-page.tsx').then((m) => m.NotificationSettingsPage),
  ),
  route(paths.messageMembers, 'Message members', 'admin', () =>
    import('../domains/notifications/admin/message-members-page.tsx').then((m) => m.MessageMembersPage),
  ),
  // Menu: the guests' menu, filtered by allergen and diet.
  route(paths.menu, 'Food and drink', 'public', () =>
    import('../domains/content/menu/menu-page.tsx').then((m) => m.MenuPage),
  ),
  // Tenants: a club signs up, its settings, members and poster, invitations.
  route(paths.startClub, 'Start your club', 'public', () =>
    import('../domains/club/start-club-page.tsx').then((m) => m.StartClubPage),
  ),
  route(paths.adminClub, 'Club settings', 'admin', () =>
    import('../domains/club/club-settings-page.tsx').then((m) => m.ClubSettingsPage),
  ),
  route(paths.adminMembers, 'Members', 'admin', () =>
    import('../domains/club/members-page.tsx').then((m) => m.MembersPage),
  ),
  route(paths.adminPoster, 'Poster', 'admin', () =>
    import('../domains/club/poster-page.tsx').then((m) => m.PosterPage),
  ),
  route(paths.invite, 'Invitation', 'public', () =>
    import('../domains/club/invite-page.tsx').then((m) => m.InvitePage),
  ),
  // Quiz night: teams play without an account; staff run quizzes when the admin allows it.
  route(paths.quiz, 'Quiz night', 'public', () =>
    import('../domains/quiz/quiz-play-page.tsx').then((m) => m.QuizPlayPage),
  ),
  route(paths.adminQuizzes, 'Quiz night', 'staff', () =>
    import('../domains/quiz/quiz-admin-page.tsx').then((m) => m.QuizAdminPage),
  ),
];

/**
 * Pages inside the tabs, at /app/tabs/<tab>, in tab bar order: Game, Matches, Club (open to
 * everyone), Orders (signed in), and Account or Login. The tab bar is drawn from this table.
 */
export const tabRoutes: readonly TabRoute[] = [
  tab('game', 'Game', trophyOutline, 'public', () =>
    import('../domains/game/game-page.tsx').then((m) => m.GamePage),
  ),
  tab('matches', 'Matches', footballOutline, 'public', () =>
    import('../domains/game/matches/matches-page.tsx').then((m) => m.MatchesPage),
  ),
  tab('club', 'Club', storefrontOutline, 'public', () =>
    import('../domains/club/club-page.tsx').then((m) => m.ClubPage),
  ),
  tab('selections', 'Orders', receiptOutline, 'signedIn', () =>
    import('../domains/game/selections/selections-page.tsx').then((m) => m.SelectionsPage),
  ),
  tab('account', 'Account', personCircleOutline, 'signedIn', () =>
    import('../domains/account/account-page.tsx').then((m) => m.AccountPage),
  ),
  tab(
    'login',
    'Log in',
    logInOutline,
    'signedOut',
    () => import('../domains/account/sign-in/login-page.tsx').then((m) => m.LoginPage),
    'Login',
  ),
];

/** Tab pages also answer at /<name>. */
export const tabRedirects: ReadonlyArray<{ from: string; to: string }> = [
  { from: paths.game, to: paths.tabs.game },
  { from: paths.matches, to: paths.tabs.matches },
  { from: paths.selections, to: paths.tabs.selections },
];
