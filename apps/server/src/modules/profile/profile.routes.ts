import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ZUpdateProfileRequest } from '@tavolo/contracts/account';
import { translate } from '@tavolo/contracts/i18n';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { readImageFile } from '../../lib/image-upload.ts';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { ProfileService } from './profile.service.ts';

/** Any signed-in restaurant user: no permission beyond a session, and only ever their own row. */
const signedIn = { site: 'tenant' as const, auth: true };

/** SPEC §2.3: the signed-in user's own profile (name, avatar). The e-mail address is changed by an admin, not here. */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const tags = ['profile'];
  const ids = (request: { site: Parameters<typeof tenantOf>[0]; auth: Parameters<typeof authOf>[0] }) =>
    [tenantOf(request.site).id, authOf(request.auth).userId] as const;

  app.patch(
    '/api/tenant/profile',
    { schema: { tags, summary: "Change one's own display name; answers with the updated user", body: ZUpdateProfileRequest }, config: signedIn },
    async (request) => {
      const data = await profile.update(...ids(request), request.body);
      return { success: true, data, message: translate(request.lang, 'account.messages.profile_saved') };
    },
  );

  app.post(
    '/api/tenant/profile/avatar',
    {
      schema: {
        tags,
        summary: `Upload one's own picture (multipart field "file": JPEG, PNG or WebP, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB); replaces the current one`,
        consumes: ['multipart/form-data'],
      },
      config: signedIn,
    },
    async (request) => {
      const buffer = await readImageFile(request);
      const data = await profile.uploadAvatar(...ids(request), buffer);
      return { success: true, data, message: translate(request.lang, 'account.messages.avatar_saved') };
    },
  );

  app.delete('/api/tenant/profile/avatar', { schema: { tags, summary: "Remove one's own picture" }, config: signedIn }, async (request) => {
    const data = await profile.removeAvatar(...ids(request));
    return { success: true, data, message: translate(request.lang, 'account.messages.avatar_removed') };
  });
};
