import type { TAuthUser } from '@tavolo/contracts/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { session } from '../../../lib/storage.ts';
import { authApi } from '../api/auth-api.ts';

export const CURRENT_USER_KEY = ['auth', 'me'] as const;

/** The signed-in user: the stored copy at once, refreshed from the server (a revoked token ends the session there). */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => {
      const { data } = await authApi.me();
      session.saveUser(data);
      return data;
    },
    initialData: session.user() ?? undefined,
    initialDataUpdatedAt: 0,
    enabled: Boolean(session.token()),
  });
}

/** Puts a user the server just answered with (e.g. after a profile change) everywhere at once: header, stored copy, auth-check. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return (user: TAuthUser) => {
    session.saveUser(user);
    queryClient.setQueryData(CURRENT_USER_KEY, user);
    // And confirm from the server (role or permissions may have changed meanwhile).
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}
