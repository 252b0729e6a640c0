import type { PasskeySignInOptions } from '@lastman/api';
import { http } from '../../../lib/api.ts';
import { finishSignIn } from '../../../lib/auth.ts';

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

/** Words for a failed passkey prompt: the user closing it is not an error worth shouting about. */
export function passkeyFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey prompt was closed or timed out. Try again when you are ready.';
  }
  return error instanceof Error ? error.message : 'The passkey did not work. Please try again.';
}
