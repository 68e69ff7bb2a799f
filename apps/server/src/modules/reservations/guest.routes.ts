import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZAvailabilityQuery, ZReservationToken } from '@tavolo/contracts/reservations';
import { requestOrigin } from '../../lib/origins.ts';
import { tenantOf } from '../../plugins/context.ts';
import type { GuestReservationsService } from './guest.service.ts';

/**
 * The storefront's reservation calls besides the form (requests module): free times for a party, and the
 * guest's view/cancel link. The link's token is posted, never put in a URL; both link calls are rate-limited.
 */
export const guestReservationsRoutes: FastifyPluginAsyncZod<{ guests: GuestReservationsService; perMinute?: number }> = async (app, { guests, perMinute = 10 }) => {
  const tags = ['reservations: guests'];
  const reads = { site: 'tenant' as const };
  const limited = { site: 'tenant' as const, rateLimit: { max: perMinute, timeWindow: '1 minute' } };

  app.get(
    '/api/tenant/public/reservation-availability',
    { schema: { tags, summary: 'Start times with a free table for this party on this date (or why there are none)', querystring: ZAvailabilityQuery }, config: reads },
    async (request) => ({ success: true, data: await guests.availability(tenantOf(request.site).id, request.query) }),
  );

  app.post(
    '/api/tenant/public/reservation-manage',
    { schema: { tags, summary: 'The reservation behind a view/cancel link', body: ZReservationToken }, config: limited },
    async (request) => ({ success: true, data: await guests.view(tenantOf(request.site).id, request.body.token) }),
  );

  app.post(
    '/api/tenant/public/reservation-manage/cancel',
    { schema: { tags, summary: 'Cancel by link, up to the cut-off before the booking', body: ZReservationToken }, config: limited },
    async (request) => {
      const tenantId = tenantOf(request.site).id;
      await guests.cancel({ tenantId, lang: request.lang, origin: requestOrigin(request) }, request.body.token);
      return { success: true, data: await guests.view(tenantId, request.body.token), message: translate(request.lang, 'reservations.messages.cancelled') };
    },
  );
};
