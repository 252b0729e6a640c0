import { ERROR_STATUS, type ErrorCode } from '@lastman/api';

export type { ErrorCode };

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
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);

/** The one error shape; `code` is one of the contract's codes (sign-in passes better-auth's through). */
export function errorBody(code: ErrorCode | (string & {}), message: string): ErrorBody {
  return { error: { code, message } };
}
