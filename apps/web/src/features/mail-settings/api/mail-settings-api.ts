import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMailSettingsInput, TMailSettingsView, TSendTestMailInput, TSendTestMailResult } from '@tavolo/contracts/mail-settings';
import { api } from '../../../lib/api.ts';

export const mailSettingsKeys = {
  all: ['mail-settings'] as const,
};

const URL_ = '/tenant/admin/email-settings';

export const mailSettingsApi = {
  get: () => api<TMailSettingsView | null>('GET', URL_),
  save: (input: TMailSettingsInput) => api<TMailSettingsView>('PUT', URL_, { body: input }),
  remove: () => api<null>('DELETE', URL_),
  sendTest: (input: TSendTestMailInput) => api<TSendTestMailResult>('POST', `${URL_}/test`, { body: input }),
};

/** The saved SMTP settings (never the password), or null while mail goes out through the platform. */
export function useMailSettings() {
  return useQuery({ queryKey: mailSettingsKeys.all, queryFn: async () => (await mailSettingsApi.get()).data });
}

/** Saves the settings; the answer is the new state, so the cache takes it without another GET. */
export function useSaveMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TMailSettingsInput) => mailSettingsApi.save(input),
    onSuccess: (result) => client.setQueryData(mailSettingsKeys.all, result.data),
  });
}

/** Forgets the settings: the platform sends again. */
export function useDeleteMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => mailSettingsApi.remove(),
    onSuccess: () => client.setQueryData(mailSettingsKeys.all, null),
  });
}

/** Sends one test e-mail; a failure carries the SMTP problem in words as its message. */
export function useSendTestMail() {
  return useMutation({ mutationFn: (input: TSendTestMailInput) => mailSettingsApi.sendTest(input) });
}
