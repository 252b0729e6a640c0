// The per-route limits by name, and the sign-in delay: the numbers the limits count against.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface LimitRule {
  max: number;
  windowMs: number;
  /** What was counted, for the refusal's message ("Too many … Try again in N seconds."). */
  what: string;
}

/**
 * Every rate limit of the API, in one place. Sized for a pub's launch night: forty people on one
 * Wi-Fi address signing up and in within a minute, then polling the game screen and picking at
 * the deadline. A signed-in person is counted on their own (per session with a bearer token), so
 * only anonymous requests share their address's allowance. RATE_LIMIT_SCALE multiplies every max.
 */
export const LIMITS = {
  apiPerUser: { max: 1200, windowMs: MINUTE, what: 'requests from your account' },
  apiPerAddress: { max: 1200, windowMs: MINUTE, what: 'requests from this network address' },
  signInPerAddress: { max: 200, windowMs: 10 * MINUTE, what: 'sign-ins from this network address' },
  // Failed passwords from devices not known to the account (no device cookie for it), per network
  // address, and across addresses; past the second, an address that has failed no more than its
  // reserve still may try (see sharedPerAddress): strangers elsewhere never lock the owner out.
  signInFailuresPerAccountAddress: {
    max: 10,
    windowMs: 15 * MINUTE,
    what: 'failed sign-ins to this account from this network address',
  },
  signInFailuresPerAccount: { max: 50, windowMs: 15 * MINUTE, what: 'failed sign-ins to this account' },
  // A known device's own failed passwords; past them it counts as unknown (OWASP's device lockout).
  signInFailuresPerDevice: { max: 10, windowMs: 15 * MINUTE, what: 'failed sign-ins from this device' },
  signUpPerAddress: { max: 100, windowMs: 10 * MINUTE, what: 'sign-ups from this network address' },
  signUpPerAccount: { max: 5, windowMs: 10 * MINUTE, what: 'sign-ups with this email address' },
  resetEmailPerAddress: {
    max: 30,
    windowMs: 10 * MINUTE,
    what: 'password reset requests from this network address',
  },
  // Past these a request is answered as if sent, and no email goes: anyone can ask for anyone. Per
  // email address and network address, and across addresses (see sharedPerAddress).
  resetEmailCooldown: { max: 1, windowMs: MINUTE, what: 'password reset emails to this address' },
  resetEmailPerAccountAddress: { max: 3, windowMs: HOUR, what: 'password reset emails to this address' },
  resetEmailPerAccount: { max: 10, windowMs: HOUR, what: 'password reset emails to this address' },
  resetPasswordPerAddress: {
    max: 30,
    windowMs: 10 * MINUTE,
    what: 'password resets from this network address',
  },
  verificationEmailPerAddress: {
    max: 30,
    windowMs: 10 * MINUTE,
    what: 'verification emails from this network address',
  },
  verificationEmailCooldown: { max: 1, windowMs: MINUTE, what: 'verification emails to this address' },
  changePasswordPerAccount: { max: 10, windowMs: 10 * MINUTE, what: 'password changes' },
  contactPerAddress: { max: 30, windowMs: 10 * MINUTE, what: 'messages from this network address' },
  contactPerAccount: { max: 5, windowMs: 10 * MINUTE, what: 'messages from you' },
  // Phone codes: each SMS costs money and can be aimed at a stranger's phone. Per number and
  // network address, and across addresses (see sharedPerAddress); the number's owner (signed in, or
  // on a device known to the account) and a signed-in person confirming a number have their own.
  smsCooldownPerNumber: { max: 1, windowMs: MINUTE, what: 'codes sent to this number' },
  smsPerNumber: { max: 5, windowMs: HOUR, what: 'codes sent to this number' },
  smsPerNumberOverall: { max: 10, windowMs: HOUR, what: 'codes sent to this number' },
  smsPerAddress: { max: 20, windowMs: 10 * MINUTE, what: 'codes asked for from this network address' },
  codeChecksPerAddress: { max: 30, windowMs: 10 * MINUTE, what: 'codes tried from this network address' },
  // Starting a club: a pub starts one, a person running a few starts a few; not hundreds.
  clubStartsPerPerson: { max: 5, windowMs: DAY, what: 'clubs started from your account' },
  // Invitations sent by email or text message: a club taking on its staff sends a handful at once,
  // never hundreds, and each SMS costs money; one person is not sent the same invitation over and over.
  invitationsPerClub: { max: 30, windowMs: HOUR, what: 'invitations sent by the club in an hour' },
  invitationCooldownPerRecipient: {
    max: 1,
    windowMs: MINUTE,
    what: 'invitations sent to this address or number',
  },
  invitationsPerRecipient: {
    max: 5,
    windowMs: DAY,
    what: 'invitations sent to this address or number today',
  },
  // A TV screen asking for a pairing code: a pub's screens ask once each (and again each 15 minutes
  // while nobody pairs them); a stranger's script would fill the club's table with pending screens.
  screenStartsPerAddress: {
    max: 30,
    windowMs: 10 * MINUTE,
    what: 'pairing codes asked for from this network address',
  },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

/**
 * How many of its own share a network address may use of an allowance that is full across
 * addresses (see sharedPerAddress): the owner on a new device, somewhere else, still gets in with
 * the right password (a typo to spare), still receives a code and a reset email. Not scaled.
 */
export const RESERVE_PER_ADDRESS = { signInFailures: 2, smsCodes: 1, resetEmails: 1 } as const;

/**
 * Guessing passwords is slowed per account and address together, never by a lock on the account:
 * the owner signing in from elsewhere is not held up by someone guessing. After the free attempts,
 * each further attempt waits, from the one before, twice as long as the last wait, up to the cap.
 * Attempts count as they start (so that a burst sent at once is slowed too); a success forgets
 * them, and so does a day without one. RATE_LIMIT_SCALE multiplies the free attempts.
 */
export const SIGN_IN_DELAY = {
  freeAttempts: 4,
  firstDelayMs: 2 * SECOND,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 24 * HOUR,
};
