import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCmsPageInput, ZPublicPageParams } from '@tavolo/contracts/cms';
import { translate } from '@tavolo/contracts/i18n';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { CmsService } from './cms.service.ts';

const manage = { site: 'tenant' as const, permission: 'content.manage' as const };
const guest = { site: 'tenant' as const };

/** Content pages: edited in the dashboard (content.manage), read by guests on the storefront. Logic in cms.service.ts. */
export const cmsRoutes: FastifyPluginAsyncZod<{ cms: CmsService }> = async (app, { cms }) => {
  const tags = ['content pages'];

  app.get('/api/tenant/admin/cms-pages', { schema: { tags, summary: 'Every page (standard pages listed even before they are written)' }, config: manage }, async (request) => {
    return { success: true, data: await cms.list(tenantOf(request.site).id) };
  });

  app.get('/api/tenant/admin/cms-pages/:id', { schema: { tags, summary: 'One page with both language versions', params: zId }, config: manage }, async (request) => {
    return { success: true, data: await cms.get(tenantOf(request.site).id, request.params.id) };
  });

  app.post('/api/tenant/admin/cms-pages', { schema: { tags, summary: 'Create a page (body HTML is sanitised)', body: ZCmsPageInput }, config: manage }, async (request, reply) => {
    const data = await cms.create(tenantOf(request.site).id, request.body);
    return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
  });

  app.put(
    '/api/tenant/admin/cms-pages/:id',
    { schema: { tags, summary: 'Save a page, including publish state (body HTML is sanitised)', params: zId, body: ZCmsPageInput }, config: manage },
    async (request) => {
      const data = await cms.update(tenantOf(request.site).id, request.params.id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.delete('/api/tenant/admin/cms-pages/:id', { schema: { tags, summary: 'Delete a custom page (standard pages are refused)', params: zId }, config: manage }, async (request) => {
    await cms.remove(tenantOf(request.site).id, request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
  });

  app.get('/api/tenant/public/pages', { schema: { tags, summary: 'Links to the standard pages and the published custom pages' }, config: guest }, async (request) => {
    return { success: true, data: await cms.publicLinks(tenantOf(request.site).id, request.lang) };
  });

  app.get(
    '/api/tenant/public/pages/:slug',
    { schema: { tags, summary: "A published page in the visitor's language (standard pages fall back to default text)", params: ZPublicPageParams }, config: guest },
    async (request) => {
      return { success: true, data: await cms.publicPage(tenantOf(request.site).id, request.params.slug, request.lang) };
    },
  );
};
