import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZBulletinPost, ZBulletinQuery } from '@tavolo/contracts/bulletin';
import { zId } from '@tavolo/contracts/validation';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { BulletinService } from './bulletin.service.ts';

const URL_ = '/api/tenant/bulletin-posts';

/** The team bulletin. Logic in bulletin.service.ts. */
export const bulletinRoutes: FastifyPluginAsyncZod<{ bulletin: BulletinService }> = async (app, { bulletin }) => {
  const tags = ['bulletin'];
  const manage = { site: 'tenant' as const, permission: 'bulletin.manage' as const };

  app.get(
    URL_,
    { schema: { tags, summary: 'Team posts, pinned first, then newest', querystring: ZBulletinQuery }, config: { site: 'tenant', permission: 'dashboard.view' } },
    async (request) => ({ success: true, data: await bulletin.list(tenantOf(request.site).id, request.query) }),
  );

  app.post(URL_, { schema: { tags, summary: 'Post to the team', body: ZBulletinPost }, config: manage }, async (request, reply) => {
    const data = await bulletin.create(tenantOf(request.site).id, authOf(request.auth).userId, request.body);
    return reply.status(201).send({ success: true, data, message: translate(request.lang, 'bulletin.messages.created') });
  });

  app.put(`${URL_}/:id`, { schema: { tags, summary: 'Edit a post', params: zId, body: ZBulletinPost }, config: manage }, async (request) => {
    const data = await bulletin.update(tenantOf(request.site).id, request.params.id, request.body);
    return { success: true, data, message: translate(request.lang, 'bulletin.messages.updated') };
  });

  app.delete(`${URL_}/:id`, { schema: { tags, summary: 'Delete a post', params: zId }, config: manage }, async (request) => {
    await bulletin.remove(tenantOf(request.site).id, request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'bulletin.messages.deleted') };
  });
};
