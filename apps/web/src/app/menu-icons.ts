// The side menu's icons: loaded when the menu first opens (or shows beside the page on a wide
// screen), not with the first page, which draws none of them on a phone.
import {
  barChartOutline,
  calendarOutline,
  documentTextOutline,
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
