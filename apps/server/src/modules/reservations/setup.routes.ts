import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZDiningArea, ZDiningTable, ZReservationSettings } from '@tavolo/contracts/reservations';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { SetupService } from './setup.service.ts';

const view = { site: 'tenant' as const, permission: 'reservations.view' as const };
const manage = { site: 'tenant' as const, permission: 'reservations.manage' as const };

/** The dashboard's reservation setup: booking rules, dining areas and tables. Logic lives in setup.service.ts. */
export const reservationSetupRoutes: FastifyPluginAsyncZod<{ setup: SetupService }> = async (app, { setup }) => {
  const tags = ['reservations: setup'];

  app.get('/api/tenant/reservation-setup', { schema: { tags, summary: 'Booking rules, areas with their tables, opening hours and time zone' }, config: view }, async (request) => ({
    success: true,
    data: await setup.get(tenantOf(request.site).id),
  }));

  app.put(
    '/api/tenant/reservation-setup/settings',
    { schema: { tags, summary: 'Save the booking rules (slot interval, stay lengths, lead time, limits, hours)', body: ZReservationSettings }, config: manage },
    async (request) => {
      const data = await setup.saveSettings(tenantOf(request.site).id, request.body);
      return { success: true, data, message: translate(request.lang, 'reservations.messages.settings_saved') };
    },
  );

  app.post('/api/tenant/dining-areas', { schema: { tags, summary: 'Add a dining area (at the end unless a position is given)', body: ZDiningArea }, config: manage }, async (request, reply) => {
    const data = await setup.createArea(tenantOf(request.site).id, request.body);
    return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
  });

  app.patch('/api/tenant/dining-areas/:id', { schema: { tags, summary: 'Rename or move a dining area', params: zId, body: ZDiningArea }, config: manage }, async (request) => {
    const data = await setup.updateArea(tenantOf(request.site).id, request.params.id, request.body);
    return { success: true, data, message: translate(request.lang, 'messages.saved') };
  });

  app.delete(
    '/api/tenant/dining-areas/:id',
    { schema: { tags, summary: 'Delete a dining area and its tables (refused while any of them has bookings)', params: zId }, config: manage },
    async (request) => {
      await setup.deleteArea(tenantOf(request.site).id, request.params.id);
      return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
    },
  );

  app.post('/api/tenant/dining-tables', { schema: { tags, summary: 'Add a table to an area', body: ZDiningTable }, config: manage }, async (request, reply) => {
    const data = await setup.createTable(tenantOf(request.site).id, request.body);
    return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
  });

  app.patch(
    '/api/tenant/dining-tables/:id',
    { schema: { tags, summary: 'Change a table (seats, area, joinable, switched on or off)', params: zId, body: ZDiningTable }, config: manage },
    async (request) => {
      const data = await setup.updateTable(tenantOf(request.site).id, request.params.id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.delete(
    '/api/tenant/dining-tables/:id',
    { schema: { tags, summary: 'Delete a table that no booking has used (otherwise switch it off)', params: zId }, config: manage },
    async (request) => {
      await setup.deleteTable(tenantOf(request.site).id, request.params.id);
      return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
    },
  );
};
