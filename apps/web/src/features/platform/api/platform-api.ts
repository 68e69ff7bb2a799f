import type { TPlatformStats } from '@tavolo/contracts/dashboard';
import { api } from '../../../lib/api.ts';

export const platformApi = {
  stats: () => api<TPlatformStats>('GET', '/platform/stats'),
};
