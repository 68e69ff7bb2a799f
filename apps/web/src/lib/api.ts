import { AppError } from '@tavolo/contracts/errors';
import type { TFailure } from '@tavolo/contracts/envelope';
import i18n from '../app/i18n.ts';
import { cookie, flash, session } from './storage.ts';

export { AppError };

export interface ApiResult<T> {
  data: T;
  message?: string;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** A failure that asking again may cure (no answer, a server error); a refusal (4xx) stays one. */
export const mayPassOnRetry = (error: unknown) => !(error instanceof AppError && error.status < 500);

/** SPEC §8: a 401 on a call that carried a token: the session is over, back to the sign-in page. */
export function endSession() {
  session.clear();
  flash.set('errors.session_expired');
  window.location.assign('/login');
}

/** The headers of every /api call (SPEC §7): JSON, bearer token, language, and the CSRF pair on writes. */
export function apiHeaders(method: string, extra: Record<string, string> = {}): Record<string, string> {
  const token = session.token();
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Language': i18n.language || 'en', ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['X-XSRF-TOKEN'] = decodeURIComponent(cookie('XSRF-TOKEN') ?? '');
  return headers;
}

/**
 * The one client for /api: JSON envelope, bearer token, CSRF pair, language header.
 * Failures are thrown as the same AppError the server uses, so pages branch on `code`.
 * A 401 on a call that carried a token ends the session (SPEC §8).
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; query?: Query; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const token = session.token();
  const headers = apiHeaders(method, options.headers);
  if (method !== 'GET' && options.body !== undefined) headers['Content-Type'] = 'application/json';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const url = `/api${path}${params.size ? `?${params}` : ''}`;

  let response: Response;
  try {
    response = await fetch(url, { method, headers, credentials: 'same-origin', body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  } catch {
    throw new AppError('INTERNAL', i18n.t('common:network_error'));
  }
  const payload = (await response.json().catch(() => null)) as
    | { success: true; data: T; message?: string }
    | TFailure
    | null;

  if (response.ok && payload?.success) return { data: payload.data, message: payload.message };
  if (response.status === 401 && token) endSession();
  // The field messages' keys come along, so a form can say them again in another language (lib/forms.ts).
  if (payload && !payload.success) {
    const error = new AppError(payload.code, payload.message, payload.errors);
    error.errorKeys = payload.error_keys;
    throw error;
  }
  throw new AppError('INTERNAL', i18n.t('shared:errors.generic'));
}
