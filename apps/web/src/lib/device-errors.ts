import { HttpError } from './http.ts';

/**
 * Plain words for what the browser's own APIs throw (WebAuthn, Push): their messages are written
 * for developers ("Failed to execute 'subscribe' on 'PushManager'…", "… is an invalid domain") and
 * never reach a person as they are. Errors from our own server already speak plainly and pass through.
 */
const errorName = (error: unknown): string =>
  error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)
    ? (error as Error).name
    : '';

export function passkeyFailure(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'The passkey prompt was closed or timed out. Try again when you are ready.';
    case 'InvalidStateError':
      return 'This device already has a passkey for your account.';
    case 'SecurityError':
      return 'Passkeys work only when Lastman is opened by its web address, not a number like 192.168.1.20. Open it by its name and try again.';
    case 'NotSupportedError':
      return 'This device cannot make a passkey. You can still log in with your email or a text code.';
    default:
      return 'The passkey did not work. Please try again.';
  }
}

export function pushFailure(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (errorName(error) === 'NotAllowedError') {
    return 'Notifications are blocked for Lastman in this browser. Allow them in the site settings, then try again.';
  }
  return 'This browser could not turn on push notifications. You will still see them in the app under Notifications.';
}
