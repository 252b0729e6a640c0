/**
 * The WebOTP API: the browser offers the code from an SMS whose last line is `@this-host #code`
 * (Chrome on Android; elsewhere the input's `autocomplete="one-time-code"` lets the keyboard offer
 * it). Loaded on demand by the phone-code page.
 */
export const webOtpAvailable = (): boolean => typeof window !== 'undefined' && 'OTPCredential' in window;

/** The code the browser read from the SMS, or null (not available, refused, or aborted). */
export async function readSmsCode(signal: AbortSignal): Promise<string | null> {
  if (!webOtpAvailable()) return null;
  try {
    const credential = (await navigator.credentials.get({
      otp: { transport: ['sms'] },
      signal,
    } as CredentialRequestOptions)) as (Credential & { code?: string }) | null;
    return credential?.code ?? null;
  } catch {
    return null;
  }
}
