import { type ErrorCode, errorStatus } from '@soar/contract';

/**
 * The one error model: a stable code, its HTTP status, and a message key of @soar/i18n with its
 * parameters. The error handler renders it in the request's language.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string = `errors.${code}`,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

/** Validation failures name each field's problem (422, one message per field). */
export class ValidationError extends AppError {
  constructor(readonly problems: { messageKey: string; params: Record<string, string | number> }[]) {
    super('VALIDATION_FAILED');
    this.name = 'ValidationError';
  }
}
