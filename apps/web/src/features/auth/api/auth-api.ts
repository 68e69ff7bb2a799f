import type { TAuthUser, TForgotPasswordRequest, TLoginRequest, TLoginResult, TResetPasswordRequest } from '@tavolo/contracts/auth';
import { api } from '../../../lib/api.ts';

export const authApi = {
  login: (body: TLoginRequest) => api<TLoginResult>('POST', '/login', { body }),
  redeemHandoff: (code: string) => api<TLoginResult>('POST', '/auth/handoff', { body: { code } }),
  /** SPEC §7: the platform dashboard calls /api/logout, the restaurant dashboard /api/tenant/logout. */
  logout: (realm: 'platform' | 'tenant') => api<null>('POST', realm === 'tenant' ? '/tenant/logout' : '/logout'),
  me: () => api<TAuthUser>('GET', '/me'),
  forgotPassword: (body: TForgotPasswordRequest) => api<null>('POST', '/forgot-password', { body }),
  resetPassword: (body: TResetPasswordRequest) => api<null>('POST', '/reset-password', { body }),
};
