import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppearance, TAppearanceInput, TUploadedBanner } from '@tavolo/contracts/appearance';
import { api } from '../../../lib/api.ts';
import { uploadFile } from '../../../lib/upload.ts';

export const appearanceKeys = {
  all: ['appearance'] as const,
};

export const appearanceApi = {
  get: () => api<TAppearance>('GET', '/tenant/admin/appearance'),
  save: (input: TAppearanceInput) => api<TAppearance>('PUT', '/tenant/admin/appearance', { body: input }),
};

/** POST /tenant/admin/appearance/banner as multipart; the server's words (too large, not an image) reach the page. */
export function uploadBanner(file: File): Promise<TUploadedBanner> {
  return uploadFile<TUploadedBanner>('/tenant/admin/appearance/banner', file);
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
