import type { TMessageRef } from './field-errors.ts';

/** Error codes shared by server and web: pages branch on `code`, never on message text. */
export const ERROR_STATUS = {
  VALIDATION: 422,
  INVALID_CREDENTIALS: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  TENANT_NOT_FOUND: 404,
  CONFLICT: 409,
  /** The restaurant's plan does not allow this (a limit reached or a Premium feature); the web offers the upgrade. */
  PLAN_LIMIT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_REQUEST: 400,
  INTERNAL: 500,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

/** The default message key of each code (see locales `errors`). */
export const ERROR_MESSAGE: Record<TErrorCode, string> = {
  VALIDATION: 'errors.validation',
  INVALID_CREDENTIALS: 'errors.invalid_credentials',
  UNAUTHENTICATED: 'errors.session_expired',
  FORBIDDEN: 'errors.forbidden',
  CSRF: 'errors.csrf',
  NOT_FOUND: 'errors.not_found',
  TENANT_NOT_FOUND: 'errors.tenant_not_found',
  CONFLICT: 'errors.conflict',
  PLAN_LIMIT: 'errors.plan_limit',
  RATE_LIMITED: 'errors.rate_limited',
  PAYLOAD_TOO_LARGE: 'errors.payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'errors.unsupported_media_type',
  BAD_REQUEST: 'errors.bad_request',
  INTERNAL: 'errors.generic',
};

export class AppError extends Error {
  readonly status: number;
  /** In the browser: `errors` as catalogue keys (the envelope's `error_keys`), to say them again in another language. */
  errorKeys?: Record<string, TMessageRef[]>;
  constructor(
    readonly code: TErrorCode,
    message: string = ERROR_MESSAGE[code],
    readonly errors?: Record<string, string[]>,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
