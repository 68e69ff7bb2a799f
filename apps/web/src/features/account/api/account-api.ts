import type { TChangePasswordRequest, TUpdateProfileRequest } from '@tavolo/contracts/account';
import type { TAuthUser } from '@tavolo/contracts/auth';
import { api } from '../../../lib/api.ts';
import { uploadFile } from '../../../lib/upload.ts';

/** The signed-in user's own account (SPEC §2.3). Profile calls answer with the updated user. */
export const accountApi = {
  changePassword: (body: TChangePasswordRequest) => api<null>('POST', '/tenant/password', { body }),
  updateProfile: (body: TUpdateProfileRequest) => api<TAuthUser>('PATCH', '/tenant/profile', { body }),
  uploadAvatar: (file: File) => uploadFile<TAuthUser>('/tenant/profile/avatar', file),
  removeAvatar: () => api<TAuthUser>('DELETE', '/tenant/profile/avatar'),
};
