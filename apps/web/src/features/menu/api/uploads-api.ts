import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import { AppError, type TErrorCode } from '@tavolo/contracts/errors';
import type { TUploadedImage } from '@tavolo/contracts/menu';
import { flash, session } from '../../../lib/storage.ts';

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * POST /tenant/uploads/images as multipart (lib/api.ts speaks JSON only): the same token, CSRF and language
 * headers, the same envelope and AppError, so the server's message (too large, not an image) reaches the form.
 */
export async function uploadImage(file: File): Promise<TUploadedImage> {
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
    response = await fetch('/api/tenant/uploads/images', { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch {
    throw new AppError('INTERNAL', i18n.t('common:network_error'));
  }
  const payload = (await response.json().catch(() => null)) as
    | { success: true; data: TUploadedImage }
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

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
