import { useQuery } from '@tanstack/react-query';
import { session } from '../../../lib/storage.ts';
import { authApi } from '../api/auth-api.ts';

/** The signed-in user: the stored copy at once, refreshed from the server (a revoked token ends the session there). */
export function useCurrentUser() {
  return useQuery({
    queryKey: ['auth', 'me'],
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
