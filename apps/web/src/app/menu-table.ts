import type { Access } from './access.ts';
import type { MenuIconName } from './menu-icons.ts';
import { paths } from './paths.ts';

export interface MenuItem {
  title: string;
  /** Its icon in menu-icons.ts, which loads with the menu. */
  icon: MenuIconName;
  /** A link, or the logout action. */
  path?: string;
  action?: 'logout';
}

export interface MenuSection {
  title: string;
  show: Access;
  items: readonly MenuItem[];
}

/**
 * The original's side menu: Games and Orders and an Account section when logged in; Login and
 * About when logged out. Staff and admins get one more section for their areas; nothing else.
 */
export const menuSections: readonly MenuSection[] = [
  {
    title: 'Navigate',
    show: 'signedIn',
    items: [
      { title: 'Games', path: paths.tabs.game, icon: 'trophyOutline' },
      { title: 'Orders', path: paths.tabs.selections, icon: 'receiptOutline' },
    ],
  },
  {
    title: 'Account',
    show: 'signedIn',
    items: [
      { title: 'Account', path: paths.account, icon: 'personCircleOutline' },
      { title: 'Notifications', path: paths.notificationList, icon: 'notificationsOutline' },
      { title: 'Logout', action: 'logout', icon: 'logOutOutline' },
    ],
  },
  {
    title: 'Account',
    show: 'signedOut',
    items: [
      { title: 'Login', path: paths.login, icon: 'logInOutline' },
      { title: 'About', path: paths.about, icon: 'informationCircleOutline' },
    ],
  },
  {
    title: 'Staff',
    show: 'staff',
    items: [
      { title: 'Clock in', path: paths.clockin, icon: 'timeOutline' },
      { title: 'My schedule', path: paths.staffschedules, icon: 'calendarOutline' },
      { title: 'My hours', path: paths.myHours, icon: 'documentTextOutline' },
      // Menu: bar staff mark dishes available today or not.
      { title: 'Menu availability', path: paths.menumanager, icon: 'restaurantOutline' },
    ],
  },
  {
    title: 'Club admin',
    show: 'admin',
    items: [
      { title: 'Admin', path: paths.admin, icon: 'settingsOutline' },
      { title: 'Message members', path: paths.messageMembers, icon: 'megaphoneOutline' },
      { title: 'Staff schedules', path: paths.staffschedules, icon: 'calendarOutline' },
      { title: 'Timesheets', path: paths.timesheets, icon: 'documentTextOutline' },
      { title: 'Menu manager', path: paths.menumanager, icon: 'restaurantOutline' },
      { title: 'Analytics', path: paths.analytics, icon: 'barChartOutline' },
      { title: 'Quiz night', path: paths.adminQuizzes, icon: 'helpCircleOutline' },
      // Tenants.
      { title: 'Club settings', path: paths.adminClub, icon: 'storefrontOutline' },
      { title: 'Members', path: paths.adminMembers, icon: 'peopleOutline' },
    ],
  },
];

/** Which sections a visitor sees: staff see the staff section, admins the admin one (not both). */
export function visibleSections(loggedIn: boolean, role: string | undefined): MenuSection[] {
  return menuSections.filter((section) => {
    switch (section.show) {
      case 'public':
        return true;
      case 'signedIn':
        return loggedIn;
      case 'signedOut':
        return !loggedIn;
      case 'staff':
        return loggedIn && role === 'staff';
      case 'admin':
        return loggedIn && role === 'admin';
    }
    return false;
  });
}

export const APP_VERSION = 'v2.0';
export const APP_DEVELOPER = 'Lastman Apps';
