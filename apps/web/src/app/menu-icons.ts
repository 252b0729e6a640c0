// The side menu's icons: they load with the menu (lazy-menu.tsx), not with the first page.
import {
  barChartOutline,
  calendarOutline,
  documentTextOutline,
  helpCircleOutline,
  informationCircleOutline,
  logInOutline,
  logOutOutline,
  megaphoneOutline,
  notificationsOutline,
  peopleOutline,
  personCircleOutline,
  receiptOutline,
  restaurantOutline,
  settingsOutline,
  storefrontOutline,
  timeOutline,
  trophyOutline,
} from 'ionicons/icons';

export const menuIcons = {
  barChartOutline,
  calendarOutline,
  documentTextOutline,
  helpCircleOutline,
  informationCircleOutline,
  logInOutline,
  logOutOutline,
  megaphoneOutline,
  notificationsOutline,
  peopleOutline,
  personCircleOutline,
  receiptOutline,
  restaurantOutline,
  settingsOutline,
  storefrontOutline,
  timeOutline,
  trophyOutline,
};

export type MenuIconName = keyof typeof menuIcons;
