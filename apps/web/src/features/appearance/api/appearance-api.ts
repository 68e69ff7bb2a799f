import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { TAppearance, TAppearanceInput, TUploadedBanner } from '@tavolo/contracts/appearance';
import { AppError, type TErrorCode } from '@tavolo/contracts/errors';
import { api } from '../../../lib/api.ts';
import { flash, session } from '../../../lib/storage.ts';

export const appearanceKeys = {
  all: ['appearance'] as const,
};

export const appearanceApi = {
  get: () => api<TAppearance>('GET', '/tenant/admin/appearance'),
  save: (input: TAppearanceInput) => api<TAppearance>('PUT', '/tenant/admin/appearance', { body: input }),
};

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * POST /tenant/admin/appearance/banner as multipart (lib/api.ts speaks JSON only): the same token, CSRF and language
 * headers and the same AppError, so the server's words (too large, not an image) reach the page.
 */
export async function uploadBanner(file: File): Promise<TUploadedBanner> {
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
    response = await fetch('/api/tenant/admin/appearance/banner', { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch {
    throw new AppError('INTERNAL', i18n.t('common:network_error'));
  }
  const payload = (await response.json().catch(() => null)) as
    | { success: true; data: TUploadedBanner }
    | { success: false; code: TErrorCode; message: string; errors?: Record<string, string[]> }
    | null;
  if (response.ok && payload?.success) return payload.data;
  if (response.status === 401 && token) {
    session.clear();
    flash.set('errors.session_expired');
    window.location.assign('/login');
  }
  if (payload && !payload.success) throw new AppError(payload.code, payload.errors?.file?.[0] ?? payload.message, payload.errors);
  if (response.status === 413) throw new AppError('PAYLOAD_TOO_LARGE', i18n.t('shared:errors.payload_too_large'));
  throw new AppError('INTERNAL', i18n.t('shared:errors.generic'));
}

/** The looks as the server has them. */
export function useAppearance() {
  return useQuery({ queryKey: appearanceKeys.all, queryFn: async () => (await appearanceApi.get()).data });
}

function useStore() {
  const client = useQueryClient();
  return (looks: TAppearance) => {
    client.setQueryData(appearanceKeys.all, looks);
    // The storefront reads the public view of the same row.
    return client.invalidateQueries({ queryKey: ['storefront'] });
  };
}

/** Saves every choice at once; the answer is the new state. */
export function useSaveAppearance() {
  const store = useStore();
  return useMutation({
    mutationFn: (input: TAppearanceInput) => appearanceApi.save(input),
    onSuccess: (result) => store(result.data),
  });
}

/** Uploads a banner; the server makes it the banner at once and answers the saved looks. */
export function useUploadBanner() {
  const store = useStore();
  return useMutation({ mutationFn: uploadBanner, onSuccess: (result) => store(result.appearance) });
}
