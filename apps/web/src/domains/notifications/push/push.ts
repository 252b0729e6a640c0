// Push on this device, web or native: loaded only when the user opens the settings or had turned it on.
import { isNative } from '../../../lib/platform.ts';
import { nativePushIsOn, renewNativePush, turnOffNativePush, turnOnNativePush } from './native-push.ts';
import { renewWebPush, turnOffWebPush, turnOnWebPush, webPushAvailability, webPushIsOn } from './web-push.ts';

export type PushAvailability = 'available' | 'ios-home-screen' | 'unsupported';

export const pushAvailability = (): PushAvailability => (isNative() ? 'available' : webPushAvailability());

export const turnOnPush = (onOpen: (link: string) => void) =>
  isNative() ? turnOnNativePush(onOpen) : turnOnWebPush();
export const renewPush = (onOpen: (link: string) => void) =>
  isNative() ? renewNativePush(onOpen) : renewWebPush();
export const turnOffPush = () => (isNative() ? turnOffNativePush() : turnOffWebPush());
export const pushIsOn = () => (isNative() ? nativePushIsOn() : webPushIsOn());
