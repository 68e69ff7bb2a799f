import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatCalendarDate, translate } from '@tavolo/contracts/i18n';
import { ZDayQuery, ZReservationPlacement, ZStaffReservation } from '@tavolo/contracts/reservations';
import { zId } from '@tavolo/contracts/validation';
import { originsOf } from '../../lib/origins.ts';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { InboxContext } from '../inbox/inbox.service.ts';
import type { StaffReservationsService } from './staff.service.ts';

/**
 * The staff side of table reservations (issue #9): the day view (staff may look), phone bookings and moves
 * (managers). The list, the detail and status changes are the inbox's. Logic in staff.service.ts.
 */
export const staffReservationsRoutes: FastifyPluginAsyncZod<{ staff: StaffReservationsService; mainDomain: string }> = async (app, { staff, mainDomain }) => {
  const context = (request: FastifyRequest): InboxContext => {
    const tenant = tenantOf(request.site);
    return { tenantId: tenant.id, userId: authOf(request.auth).userId, lang: request.lang, origin: originsOf(request, mainDomain).tenant(tenant.slug) };
  };
  const tags = ['reservations'];
  const manage = { site: 'tenant' as const, permission: 'reservations.manage' as const };

  // A static segment: find-my-way matches it before the inbox's /api/tenant/reservations/:id.
  app.get(
    '/api/tenant/reservations/day',
    {
      schema: { tags, summary: 'One day for the floor: reservation hours, areas with their tables, and every booking of the date with its tables', querystring: ZDayQuery },
      config: { site: 'tenant', permission: 'reservations.view' },
    },
    async (request) => ({ success: true, data: await staff.day(tenantOf(request.site).id, request.query.date) }),
  );

  app.post(
    '/api/tenant/reservations',
    {
      schema: { tags, summary: 'Book a table for a guest (by phone or at the door): confirmed at once; online limits do not apply, conflicts do (409)', body: ZStaffReservation },
      config: manage,
    },
    async (request, reply) => {
      const data = await staff.book(context(request), request.body);
      return reply.status(201).send({
        success: true,
        data,
        message: translate(request.lang, 'reservations.staff.messages.booked', { name: data.name, date: formatCalendarDate(request.lang, data.date), time: data.time }),
      });
    },
  );

  app.patch(
    '/api/tenant/reservations/:id/placement',
    {
      schema: {
        tags,
        summary: 'Move a pending, confirmed or seated booking to another date, time or tables, or change its party or stay (409 when the tables are taken)',
        params: zId,
        body: ZReservationPlacement,
      },
      config: manage,
    },
    async (request) => ({
      success: true,
      data: await staff.move(context(request), request.params.id, request.body),
      message: translate(request.lang, 'reservations.staff.messages.moved'),
    }),
  );
};
