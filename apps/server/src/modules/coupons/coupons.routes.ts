import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZCouponInput, ZCouponsQuery } from '@tavolo/contracts/ordering';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { CouponsService } from './coupons.service.ts';

const view = { site: 'tenant' as const, permission: 'menu.view' as const };
const manage = { site: 'tenant' as const, permission: 'menu.manage' as const };

/** The dashboard's coupons: list with uses, create, edit, delete. Logic lives in coupons.service.ts. */
export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, { coupons }) => {
  const tags = ['coupons'];

  app.get(
    '/api/tenant/coupons',
    { schema: { tags, summary: 'Coupons, newest first, with their uses by orders that still stand; search by code', querystring: ZCouponsQuery }, config: view },
    async (request) => ({ success: true, data: await coupons.list(tenantOf(request.site).id, request.query) }),
  );

  app.post('/api/tenant/coupons', { schema: { tags, summary: 'Create a coupon (its code is stored upper case and unique)', body: ZCouponInput }, config: manage }, async (request, reply) => {
    const data = await coupons.create(tenantOf(request.site).id, request.body);
    return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
  });

  app.put('/api/tenant/coupons/:id', { schema: { tags, summary: 'Change a coupon', params: zId, body: ZCouponInput }, config: manage }, async (request) => {
    const data = await coupons.update(tenantOf(request.site).id, request.params.id, request.body);
    return { success: true, data, message: translate(request.lang, 'messages.saved') };
  });

  app.delete('/api/tenant/coupons/:id', { schema: { tags, summary: 'Delete a coupon (orders that used it keep the code and their discount)', params: zId }, config: manage }, async (request) => {
    await coupons.remove(tenantOf(request.site).id, request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
  });
};
