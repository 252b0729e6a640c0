import {
  addCircleOutline,
  barChartOutline,
  bookOutline,
  bulbOutline,
  calendarOutline,
  cardOutline,
  chatbubbleEllipsesOutline,
  documentTextOutline,
  fingerPrintOutline,
  footballOutline,
  funnelOutline,
  helpCircleOutline,
  imagesOutline,
  informationCircleOutline,
  keyOutline,
  logInOutline,
  mailOutline,
  megaphoneOutline,
  notificationsOutline,
  optionsOutline,
  peopleOutline,
  personAddOutline,
  personCircleOutline,
  receiptOutline,
  restaurantOutline,
  settingsOutline,
  shirtOutline,
  storefrontOutline,
  timeOutline,
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
  /** The short name in the tab bar; the title unless given. */
  label: string;
  icon: string;
  access: Access;
  Page: ComponentType;
}

const route = (
  path: string,
  title: string,
  icon: string,
  access: Access,
  load: () => Promise<ComponentType>,
  label = title,
): AppRoute => ({
  path,
  title,
  label,
  icon,
  access,
  Page: lazyPage(load, access, title),
});

/** The original's route list, one row per route; every page is its own chunk. */
export const appRoutes: readonly AppRoute[] = [
  route(paths.account, 'Account', personCircleOutline, 'signedIn', () =>
    import('../domains/account/account-page.tsx').then((m) => m.AccountPage),
  ),
  route(paths.support, 'Support', helpCircleOutline, 'public', () =>
    import('../domains/shell/support-page.tsx').then((m) => m.SupportPage),
  ),
  route(paths.login, 'Log in', logInOutline, 'public', () =>
    import('../domains/account/sign-in/login-page.tsx').then((m) => m.LoginPage),
  ),
  route(paths.signup, 'Sign up', personAddOutline, 'public', () =>
    import('../domains/account/sign-in/signup-page.tsx').then((m) => m.SignupPage),
  ),
  route(paths.events, 'Events', calendarOutline, 'public', () =>
    import('../domains/content/events/events-page.tsx').then((m) => m.EventsPage),
  ),
  route(paths.gallery, 'Gallery', imagesOutline, 'public', () =>
    import('../domains/content/gallery/gallery-page.tsx').then((m) => m.GalleryPage),
  ),
  route(paths.clockin, 'Clock in', timeOutline, 'staff', () =>
    import('../domains/staff/clock/clockin-page.tsx').then((m) => m.ClockinPage),
  ),
  route(paths.staffschedules, 'Staff schedules', calendarOutline, 'staff', () =>
    import('../domains/staff/shifts/staff-schedules-page.tsx').then((m) => m.StaffSchedulesPage),
  ),
  // Staff come here too, to mark dishes available today or not.
  route(paths.menumanager, 'Menu manager', restaurantOutline, 'staff', () =>
    import('../domains/content/menu/menu-manager-page.tsx').then((m) => m.MenuManagerPage),
  ),
  // Timesheets.
  route(paths.timesheets, 'Timesheets', documentTextOutline, 'admin', () =>
    import('../domains/staff/timesheets/timesheets-page.tsx').then((m) => m.TimesheetsPage),
  ),
  route(paths.myHours, 'My hours', documentTextOutline, 'staff', () =>
    import('../domains/staff/timesheets/my-hours-page.tsx').then((m) => m.MyHoursPage),
  ),
  route(paths.addschedule, 'Add shift', addCircleOutline, 'admin', () =>
    import('../domains/staff/shifts/add-schedule-page.tsx').then((m) => m.AddSchedulePage),
  ),
  route(paths.analytics, 'Analytics', barChartOutline, 'admin', () =>
    import('../domains/analytics/analytics-page.tsx').then((m) => m.AnalyticsPage),
  ),
  route(paths.analyticsFilter, 'Analytics filters', funnelOutline, 'admin', () =>
    import('../domains/analytics/analytics-filter-page.tsx').then((m) => m.AnalyticsFilterPage),
  ),
  route(paths.contact, 'Contact', mailOutline, 'public', () =>
    import('../domains/club/contact/contact-page.tsx').then((m) => m.ContactPage),
  ),
  route(paths.forgotPassword, 'Forgot password', keyOutline, 'public', () =>
    import('../domains/account/sign-in/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  ),
  route(paths.resetPassword, 'Choose a new password', keyOutline, 'public', () =>
    import('../domains/account/sign-in/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
  route(paths.bioAuth, 'Passkey sign-in', fingerPrintOutline, 'public', () =>
    import('../domains/account/sign-in/bio-auth-page.tsx').then((m) => m.BioAuthPage),
  ),
  route(paths.webOtp, 'Phone code', chatbubbleEllipsesOutline, 'public', () =>
    import('../domains/account/sign-in/web-otp-page.tsx').then((m) => m.WebOtpPage),
  ),
  route(paths.openpdf, 'Food and drink menu', documentTextOutline, 'public', () =>
    import('../domains/content/menu/open-pdf-page.tsx').then((m) => m.OpenPdfPage),
  ),
  route(paths.notificationList, 'Notifications', notificationsOutline, 'signedIn', () =>
    import('../domains/notifications/notification-list-page.tsx').then((m) => m.NotificationListPage),
  ),
  route(paths.eventModal, 'Event', calendarOutline, 'public', () =>
    import('../domains/content/events/event-modal-page.tsx').then((m) => m.EventModalPage),
  ),
  route(paths.payments, 'Payments', cardOutline, 'signedIn', () =>
    import('../domains/payments/payments-page.tsx').then((m) => m.PaymentsPage),
  ),
  route(paths.stripe, 'Card payment', cardOutline, 'signedIn', () =>
    import('../domains/payments/stripe-page.tsx').then((m) => m.StripePage),
  ),
  route(paths.stripeWeb, 'Card payment', cardOutline, 'signedIn', () =>
    import('../domains/payments/stripe-web-page.tsx').then((m) => m.StripeWebPage),
  ),
  route(paths.filterall, 'All filters', optionsOutline, 'admin', () =>
    import('../domains/analytics/filter-all-page.tsx').then((m) => m.FilterAllPage),
  ),
  route(paths.admin, 'Admin', settingsOutline, 'admin', () =>
    import('../domains/shell/admin-page.tsx').then((m) => m.AdminPage),
  ),
  route(paths.rules, 'Rules', bookOutline, 'public', () =>
    import('../domains/game/rules/rules-page.tsx').then((m) => m.RulesPage),
  ),
  route(paths.about, 'About', informationCircleOutline, 'public', () =>
    import('../domains/shell/about-page.tsx').then((m) => m.AboutPage),
  ),
  route(paths.teamselections, 'Pick a team', shirtOutline, 'signedIn', () =>
    import('../domains/game/team-selections-page.tsx').then((m) => m.TeamSelectionsPage),
  ),
  route(paths.tutorial, 'How it works', bulbOutline, 'public', () =>
    import('../domains/shell/tutorial-page.tsx').then((m) => m.TutorialPage),
  ),
  // Gallery: the upload screen (staff, when the club's admin allows it).
  route(paths.galleryUpload, 'Upload photos', imagesOutline, 'staff', () =>
    import('../domains/content/gallery/gallery-upload-page.tsx').then((m) => m.GalleryUploadPage),
  ),
  // rota
  route(paths.till, 'Clock-in code', timeOutline, 'public', () =>
    import('../domains/staff/clock/till-page.tsx').then((m) => m.TillPage),
  ),
  // Events.
  route(paths.adminEvents, 'Manage events', calendarOutline, 'admin', () =>
    import('../domains/content/events/events-admin-page.tsx').then((m) => m.EventsAdminPage),
  ),
  route(paths.eventAttendees, 'Attendee list', peopleOutline, 'admin', () =>
    import('../domains/content/events/event-attendees-page.tsx').then((m) => m.EventAttendeesPage),
  ),
  // notifications: the preference centre and push on this device
  route(paths.notificationSettings, 'Notification settings', notificationsOutline, 'signedIn', () =>
    import('../domains/notifications/notification-settings-page.tsx').then((m) => m.NotificationSettingsPage),
  ),
  route(paths.messageMembers, 'Message members', megaphoneOutline, 'admin', () =>
    import('../domains/notifications/admin/message-members-page.tsx').then((m) => m.MessageMembersPage),
  ),
  // Menu: the guests' menu, filtered by allergen and diet.
  route(paths.menu, 'Food and drink', restaurantOutline, 'public', () =>
    import('../domains/content/menu/menu-page.tsx').then((m) => m.MenuPage),
  ),
  // Tenants: a club signs up, its settings, members and poster, invitations.
  route(paths.startClub, 'Start your club', storefrontOutline, 'public', () =>
    import('../domains/club/start-club-page.tsx').then((m) => m.StartClubPage),
  ),
  route(paths.adminClub, 'Club settings', settingsOutline, 'admin', () =>
    import('../domains/club/club-settings-page.tsx').then((m) => m.ClubSettingsPage),
  ),
  route(paths.adminMembers, 'Members', personAddOutline, 'admin', () =>
    import('../domains/club/members-page.tsx').then((m) => m.MembersPage),
  ),
  route(paths.adminPoster, 'Poster', documentTextOutline, 'admin', () =>
    import('../domains/club/poster-page.tsx').then((m) => m.PosterPage),
  ),
  route(paths.invite, 'Invitation', personAddOutline, 'public', () =>
    import('../domains/club/invite-page.tsx').then((m) => m.InvitePage),
  ),
];

/**
 * Pages inside the tabs, at /app/tabs/<tab>, in tab bar order: Game, Matches, Club (open to
 * everyone), Orders (signed in), and Account or Login. The tab bar is drawn from this table.
 */
export const tabRoutes: readonly AppRoute[] = [
  route('game', 'Game', trophyOutline, 'public', () =>
    import('../domains/game/game-page.tsx').then((m) => m.GamePage),
  ),
  route('matches', 'Matches', footballOutline, 'public', () =>
    import('../domains/game/matches/matches-page.tsx').then((m) => m.MatchesPage),
  ),
  route('club', 'Club', storefrontOutline, 'public', () =>
    import('../domains/club/club-page.tsx').then((m) => m.ClubPage),
  ),
  route('selections', 'Orders', receiptOutline, 'signedIn', () =>
    import('../domains/game/selections/selections-page.tsx').then((m) => m.SelectionsPage),
  ),
  route('account', 'Account', personCircleOutline, 'signedIn', () =>
    import('../domains/account/account-page.tsx').then((m) => m.AccountPage),
  ),
  route(
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
