import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ZAppearance } from '@tavolo/contracts/appearance';
import { translate } from '@tavolo/contracts/i18n';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { readImageFile } from '../../lib/image-upload.ts';
import { tenantOf } from '../../plugins/context.ts';
import type { AppearanceService } from './appearance.service.ts';

const manage = { site: 'tenant' as const, permission: 'appearance.manage' as const };

/** The storefront's looks: theme, colours, layout and banner (admin only), and the public read. Logic in appearance.service.ts. */
export const appearanceRoutes: FastifyPluginAsyncZod<{ appearance: AppearanceService }> = async (app, { appearance }) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const tags = ['appearance'];

  app.get('/api/tenant/admin/appearance', { schema: { tags, summary: "The storefront's looks" }, config: manage }, async (request) => {
    return { success: true, data: await appearance.get(tenantOf(request.site).id) };
  });

  app.put(
    '/api/tenant/admin/appearance',
    { schema: { tags, summary: 'Save theme, colours and layout (the primary colour must pass the contrast check)', body: ZAppearance }, config: manage },
    async (request) => {
      const data = await appearance.update(tenantOf(request.site).id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.post(
    '/api/tenant/admin/appearance/banner',
    {
      schema: {
        tags,
        summary: `Upload the banner image (multipart field "file", at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB); it replaces the current one at once`,
        consumes: ['multipart/form-data'],
      },
      config: manage,
    },
    async (request, reply) => {
      const buffer = await readImageFile(request);
      const data = await appearance.uploadBanner(tenantOf(request.site).id, buffer);
      return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
    },
  );

  app.get('/api/tenant/public/appearance', { schema: { tags, summary: "The storefront's looks, with the text colour for each colour" }, config: { site: 'tenant' as const } }, async (request) => {
    return { success: true, data: await appearance.getPublic(tenantOf(request.site).id) };
  });
};
