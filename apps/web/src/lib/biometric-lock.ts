import { isNative } from './platform.ts';
import { AUTH_TOKEN_KEY } from './session.ts';
import { storage } from './storage/storage.ts';

/**
 * On a native device the stored session (its bearer token in the device's storage) can be guarded
 * by the platform's biometric prompt: when the lock is on, the app opens on the unlock screen
 * (/bio-auth) and goes on only after Face ID, Touch ID, a fingerprint or the device PIN.
 * The Capacitor plugin loads only on a native device, only when used.
 */
const LOCK_KEY = 'biometricLock';
export const UNLOCK_PATH = '/bio-auth';

let unlocked = false;

export const biometricLockEnabled = async (): Promise<boolean> =>
  isNative() && (await storage.get(LOCK_KEY).catch(() => null)) === 'on';

/** Turning the lock on or off takes the prompt too: whoever holds the phone cannot simply switch it off. */
export async function setBiometricLock(on: boolean): Promise<void> {
  await unlockWithBiometrics(on ? 'Turn on the lock' : 'Turn off the lock');
  await storage.set(LOCK_KEY, on ? 'on' : 'off');
}

/** The platform's own prompt; throws when it is cancelled or fails. */
export async function unlockWithBiometrics(reason = 'Unlock Lastman'): Promise<void> {
  const { BiometricAuth } = await import('@aparajita/capacitor-biometric-auth');
  await BiometricAuth.authenticate({
    reason,
    cancelTitle: 'Cancel',
    allowDeviceCredential: true,
    androidTitle: 'Unlock Lastman',
  });
  unlocked = true;
}

/** What the device offers ("Face ID", "fingerprint"), or null when it has no biometry set up. */
export async function biometryName(): Promise<string | null> {
  const { BiometricAuth, BiometryType } = await import('@aparajita/capacitor-biometric-auth');
  const result = await BiometricAuth.checkBiometry();
  if (!result.isAvailable && !result.deviceIsSecure) return null;
  const names: Partial<Record<number, string>> = {
    [BiometryType.faceId]: 'Face ID',
    [BiometryType.touchId]: 'Touch ID',
    [BiometryType.fingerprintAuthentication]: 'your fingerprint',
    [BiometryType.faceAuthentication]: 'your face',
  };
  return names[result.biometryType] ?? 'your device PIN';
}

/**
 * At start, before the first render: with the lock on and a session stored, the app opens on the
 * unlock screen, which goes on to the page asked for once unlocked.
 */
export async function openLockedOnUnlockScreen(): Promise<void> {
  if (unlocked || !(await biometricLockEnabled())) return;
  if (!(await storage.get(AUTH_TOKEN_KEY).catch(() => null))) return;
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === UNLOCK_PATH) return;
  window.history.replaceState(null, '', `${UNLOCK_PATH}?next=${encodeURIComponent(here)}`);
}
