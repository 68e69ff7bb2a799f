import { AppError, type TErrorCode } from '@tavolo/contracts/errors';
import i18n from '../app/i18n.ts';
import { cookie, flash, session } from './storage.ts';

/**
 * POSTs one file as multipart field `file` to `/api${path}` (lib/api.ts speaks JSON only): the same token, CSRF and
 * language headers, the same envelope and AppError, so the server's message (too large, not an image) reaches the page.
 */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const token = session.token();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Language': i18n.language || 'en',
    'X-XSRF-TOKEN': decodeURIComponent(cookie('XSRF-TOKEN') ?? ''),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = new FormData();
  body.append('file', file);

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch {
    throw new AppError('INTERNAL', i18n.t('common:network_error'));
  }
  const payload = (await response.json().catch(() => null)) as
    | { success: true; data: T }
    | { success: false; code: TErrorCode; message: string; errors?: Record<string, string[]> }
    | null;
  if (response.ok && payload?.success) return payload.data;
  if (response.status === 401 && token) {
    session.clear();
    flash.set('errors.session_expired');
    window.location.assign('/login');
  }
  if (payload && !payload.success) {
    // A field error on `file` is the most specific message the server has.
    throw new AppError(payload.code, payload.errors?.file?.[0] ?? payload.message, payload.errors);
  }
  if (response.status === 413) throw new AppError('PAYLOAD_TOO_LARGE', i18n.t('shared:errors.payload_too_large'));
  throw new AppError('INTERNAL', i18n.t('shared:errors.generic'));
}
