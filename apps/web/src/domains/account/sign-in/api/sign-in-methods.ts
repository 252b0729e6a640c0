import type { PasskeySignInOptions } from '@lastman/api';
import { http } from '../../../../lib/api.ts';
import { finishSignIn } from '../../../../lib/auth.ts';

/** The browser can make and use passkeys (WebAuthn). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Signs in with a passkey: the server's challenge, the device's prompt (fingerprint, face, PIN),
 * the signed answer back. The WebAuthn helper loads only now, when it is used.
 */
export async function signInWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { challengeId, options } = await http.post<PasskeySignInOptions>(
    '/api/auth/sign-in/passkey/options',
    {},
  );
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  await http.post('/api/auth/sign-in/passkey', { challengeId, response });
  return finishSignIn();
}
