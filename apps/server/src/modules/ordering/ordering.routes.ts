import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZDeliveryZoneInput, ZDeliveryZoneReorder, ZOrderingSettings, ZPauseOrdering } from '@tavolo/contracts/ordering';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { OrderingService } from './ordering.service.ts';

const manage = { site: 'tenant' as const, permission: 'settings.manage' as const };

/** Ordering rules on the dashboard (issue #10): timing, tips, location, delivery zones, the "busy" pause. Logic in ordering.service.ts. */
export const orderingRoutes: FastifyPluginAsyncZod<{ ordering: OrderingService }> = async (app, { ordering }) => {
  const tags = ['ordering rules'];

  app.get('/api/tenant/ordering-settings', { schema: { tags, summary: 'Timing, throttling, tips and the restaurant’s location (defaults until saved)' }, config: manage }, async (request) => ({
    success: true,
    data: await ordering.settings(tenantOf(request.site).id),
  }));

  app.put(
    '/api/tenant/ordering-settings',
    { schema: { tags, summary: 'Save timing, throttling, tips and location (the tax mode and the pause stay as they are)', body: ZOrderingSettings }, config: manage },
    async (request) => {
      const data = await ordering.saveSettings(tenantOf(request.site).id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.get('/api/tenant/delivery-zones', { schema: { tags, summary: 'Delivery zones in the order they are tried' }, config: manage }, async (request) => ({
    success: true,
    data: await ordering.zones(tenantOf(request.site).id),
  }));

  app.post(
    '/api/tenant/delivery-zones',
    { schema: { tags, summary: 'Add a delivery zone (tried last); a radius zone needs the restaurant’s location', body: ZDeliveryZoneInput }, config: manage },
    async (request, reply) => {
      const data = await ordering.createZone(tenantOf(request.site).id, request.body);
      return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
    },
  );

  // Registered before /:id so "order" is never read as an id.
  app.put(
    '/api/tenant/delivery-zones/order',
    { schema: { tags, summary: 'Set the order zones are tried in (every zone id once)', body: ZDeliveryZoneReorder }, config: manage },
    async (request) => {
      const data = await ordering.reorderZones(tenantOf(request.site).id, request.body.ids);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.put('/api/tenant/delivery-zones/:id', { schema: { tags, summary: 'Change a delivery zone', params: zId, body: ZDeliveryZoneInput }, config: manage }, async (request) => {
    const data = await ordering.updateZone(tenantOf(request.site).id, request.params.id, request.body);
    return { success: true, data, message: translate(request.lang, 'messages.saved') };
  });

  app.delete('/api/tenant/delivery-zones/:id', { schema: { tags, summary: 'Delete a delivery zone', params: zId }, config: manage }, async (request) => {
    await ordering.deleteZone(tenantOf(request.site).id, request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
  });

  app.get(
    '/api/tenant/orders/pause',
    { schema: { tags, summary: 'Until when online orders are paused because the kitchen is busy (null: not paused)' }, config: { site: 'tenant', permission: 'orders.view' } },
    async (request) => ({ success: true, data: await ordering.pause(tenantOf(request.site).id) }),
  );

  app.post(
    '/api/tenant/orders/pause',
    { schema: { tags, summary: 'Pause online orders for 15, 30, 60 or 120 minutes (they resume by themselves), or resume now (minutes: null)', body: ZPauseOrdering }, config: { site: 'tenant', permission: 'orders.manage' } },
    async (request) => {
      const data = await ordering.setPause(tenantOf(request.site).id, request.body);
      const message = data.paused_until
        ? translate(request.lang, 'ordering.pause.paused', { time: new Intl.DateTimeFormat(request.lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: data.time_zone }).format(new Date(data.paused_until)) })
        : translate(request.lang, 'ordering.pause.resumed');
      return { success: true, data, message };
    },
  );
};
