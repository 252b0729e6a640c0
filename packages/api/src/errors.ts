/**
 * Every error code the API answers with, and its HTTP status: the server raises only these, and the
 * web compares a refusal's code with these names. Messages are written for the user. (Sign-in passes
 * better-auth's own codes through as they are.)
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  WEAK_PASSWORD: 400,
  UNKNOWN_CLUB: 400,
  UNAUTHENTICATED: 401,
  XSRF_TOKEN_INVALID: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  // The request is allowed but worth a second thought (a week approved before it ends, leave into a
  // negative balance): the message is the question; the same request with its confirm flag goes ahead.
  CONFIRMATION_REQUIRED: 409,
  // The game (competitions, picks): each refusal a player can meet, by name.
  DEADLINE_PASSED: 409,
  TEAM_ALREADY_USED: 409,
  TEAM_NOT_PLAYING: 409,
  ENTRY_NOT_ACTIVE: 409,
  ENTRY_NOT_REMOVED: 409,
  ROUND_VOID: 409,
  ROUND_NOT_OPEN: 409,
  COMPETITION_NOT_OPEN: 409,
  COMPETITION_NOT_EDITABLE: 409,
  ENTRY_LIMIT_REACHED: 409,
  PAYMENT_REQUIRED: 402,
  // Stripe Connect: the club has no connected, charges-enabled Stripe account.
  CLUB_PAYMENTS_NOT_READY: 409,
  // Payouts.
  COMPETITION_NOT_FINISHED: 409,
  NOT_A_WINNER: 409,
  PAYOUT_EXCEEDS_SHARE: 409,
  EMAIL_NOT_VERIFIED: 409,
  // Events.
  EVENT_FULL: 409,
  EVENT_NOT_OPEN: 409,
  ALREADY_REGISTERED: 409,
  TOO_MANY_PLACES: 409,
  ALREADY_WAITING: 409,
  // A Saturday 3 pm kick-off the club may not show (the UK blackout).
  BLACKOUT_MATCH: 400,
  // Phone codes.
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_LOCKED: 400,
  PHONE_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Each code by its name, to compare with: `error.code === ErrorCode.DEADLINE_PASSED`. */
export const ErrorCode = Object.fromEntries(Object.keys(ERROR_STATUS).map((code) => [code, code])) as {
  readonly [Code in ErrorCode]: Code;
};

/**
 * Codes the web app gives a request that got no answer from the API: it timed out, or the network
 * failed on the way.
 */
export const CLIENT_ERROR_CODES = ['TIMEOUT', 'NETWORK'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
