/** Every error code the API returns, with its HTTP status. Messages are written for the user. */
export const errorCodes = {
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
  // The game (features/competitions, picks): each refusal a player can meet, by name.
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
  // Payouts (features/payouts).
  COMPETITION_NOT_FINISHED: 409,
  NOT_A_WINNER: 409,
  PAYOUT_EXCEEDS_SHARE: 409,
  EMAIL_NOT_VERIFIED: 409,
  // Events (features/events).
  EVENT_FULL: 409,
  EVENT_NOT_OPEN: 409,
  ALREADY_REGISTERED: 409,
  TOO_MANY_PLACES: 409,
  ALREADY_WAITING: 409,
  // A Saturday 3 pm kick-off the club may not show (the UK blackout).
  BLACKOUT_MATCH: 400,
  // Phone codes (features/phone-codes).
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

export type ErrorCode = keyof typeof errorCodes;

export interface ErrorBody {
  error: { code: string; message: string };
}

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /**
     * What went wrong in words not meant for the client (another service's error, whose text may
     * name keys, accounts or echo the request): logged at warn with the refusal, never answered.
     */
    readonly detail?: unknown,
  ) {
    super(message);
    this.statusCode = errorCodes[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
