import { AppError } from '@tavolo/contracts/errors';
import { AVATAR_FORMATS, AVATAR_WIDTHS, type TUpdateProfileRequest } from '@tavolo/contracts/account';
import type { TAuthUser } from '@tavolo/contracts/auth';
import type { Db } from '../../db/client.ts';
import { removeWebpImage, storeWebpImage } from '../../lib/image-upload.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import { toAuthUser } from '../auth/auth.service.ts';
import { createProfileRepo } from './profile.repo.ts';
import type { UploadsStore } from '../../lib/uploads/index.ts';

/** The signed-in restaurant user's name and avatar. Every call answers with the updated user, as GET /api/me would. */
export function createProfileService(deps: { db: Db; uploads: UploadsStore; authRepo: AuthRepo }) {
  const repo = createProfileRepo(deps.db);

  const currentUser = async (tenantId: string, userId: string): Promise<TAuthUser> => {
    const account = await deps.authRepo.accountById({ kind: 'tenant', tenantId }, userId);
    if (!account) throw new AppError('UNAUTHENTICATED');
    return toAuthUser(account);
  };
  const dropAvatar = (tenantId: string, url: string | null) => removeWebpImage({ store: deps.uploads, tenantId, url, widths: AVATAR_WIDTHS });

  return {
    async update(tenantId: string, userId: string, input: TUpdateProfileRequest): Promise<TAuthUser> {
      if (!(await repo.setName(tenantId, userId, input.name.trim()))) throw new AppError('UNAUTHENTICATED');
      return currentUser(tenantId, userId);
    },

    /** Checks the bytes (photos only), stores the picture as WebP, makes it the avatar and removes the old one's files. */
    async uploadAvatar(tenantId: string, userId: string, buffer: Buffer): Promise<TAuthUser> {
      const files = await storeWebpImage({
        store: deps.uploads,
        tenantId,
        buffer,
        widths: AVATAR_WIDTHS,
        formats: AVATAR_FORMATS,
        typeKey: 'account.validation.avatar_type',
      });
      const url = files[files.length - 1]!.url;
      const replaced = await repo.replaceAvatar(tenantId, userId, url);
      if (!replaced) {
        await dropAvatar(tenantId, url);
        throw new AppError('UNAUTHENTICATED');
      }
      await dropAvatar(tenantId, replaced.previous);
      return currentUser(tenantId, userId);
    },

    async removeAvatar(tenantId: string, userId: string): Promise<TAuthUser> {
      const replaced = await repo.replaceAvatar(tenantId, userId, null);
      if (!replaced) throw new AppError('UNAUTHENTICATED');
      await dropAvatar(tenantId, replaced.previous);
      return currentUser(tenantId, userId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
