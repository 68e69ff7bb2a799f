import { useQuery } from '@tanstack/react-query';
import { platformApi } from '../api/platform-api.ts';

export function usePlatformStats() {
  return useQuery({ queryKey: ['platform', 'stats'], queryFn: async () => (await platformApi.stats()).data, refetchInterval: 60_000 });
}
