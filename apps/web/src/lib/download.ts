import i18n from '../app/i18n.ts';
import { AppError, apiHeaders, endSession } from './api.ts';
import { session } from './storage.ts';

/**
 * Downloads a file from /api with the signed-in user's token (a plain link cannot send it): fetches it, then
 * hands it to the browser as a download named as the server says (Content-Disposition) or `fallbackName`.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: apiHeaders('GET', { Accept: '*/*' }), credentials: 'same-origin' });
  } catch {
    throw new AppError('INTERNAL', i18n.t('common:network_error'));
  }
  if (response.status === 401 && session.token()) endSession();
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new AppError((payload?.code as 'INTERNAL' | undefined) ?? 'INTERNAL', payload?.message ?? i18n.t('shared:errors.generic'));
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
