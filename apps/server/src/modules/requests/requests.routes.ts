import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZContactRequest, ZNewsletterToken, ZQuoteRequest, ZReservationRequest, ZStockCheckRequest, ZSubscribeRequest } from '@tavolo/contracts/requests';
import { requestOrigin } from '../../lib/origins.ts';
import { tenantOf } from '../../plugins/context.ts';
import type { RequestContext, RequestsService } from './requests.service.ts';

/**
 * The public guest forms of a restaurant (SPEC §2.2, §5, §7): reservation, newsletter with double opt-in,
 * contact, stock check and quote request. No sign-in; each form is rate-limited per IP against spam.
 */
export const requestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService; perMinute?: number }> = async (app, { requests, perMinute = 10 }) => {
  const tags = ['guest requests'];
  const config = { site: 'tenant' as const, rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  const reads = { site: 'tenant' as const };

  const contextOf = (request: FastifyRequest): RequestContext => ({
    tenantId: tenantOf(request.site).id,
    lang: request.lang,
    // Links in mails lead back to the host (and port) the guest used.
    origin: requestOrigin(request),
  });

  app.get('/api/tenant/public/reservation-options', { schema: { tags, summary: 'Time zone, today, hours and online limits (party size, last date) for the reservation form' }, config: reads }, async (request) => ({
    success: true,
    data: await requests.reservationOptions(tenantOf(request.site).id),
  }));

  app.post(
    '/api/tenant/reservation',
    { schema: { tags, summary: 'Book a table: confirmed at once when the restaurant auto-confirms, else pending until staff decide', body: ZReservationRequest }, config },
    async (request, reply) => {
      const data = await requests.reserve(contextOf(request), request.body);
      const message = data.status === 'confirmed' ? 'reservations.messages.booked' : 'requests.messages.reservation_received';
      return reply.status(201).send({ success: true, data, message: translate(request.lang, message) });
    },
  );

  app.post('/api/tenant/subscribe', { schema: { tags, summary: 'Newsletter sign-up: e-mails a confirmation link (double opt-in)', body: ZSubscribeRequest }, config }, async (request, reply) => {
    await requests.subscribe(contextOf(request), request.body.email);
    return reply.status(201).send({ success: true, data: null, message: translate(request.lang, 'requests.messages.subscribe_pending') });
  });

  app.post('/api/tenant/newsletter/confirm', { schema: { tags, summary: 'Confirm a newsletter sign-up with the token from the mail', body: ZNewsletterToken }, config }, async (request) => {
    const { already } = await requests.confirmSubscription(tenantOf(request.site).id, request.body.token);
    return { success: true, data: null, message: translate(request.lang, already ? 'requests.messages.subscribe_already_confirmed' : 'requests.messages.subscribe_confirmed') };
  });

  app.post('/api/tenant/newsletter/unsubscribe', { schema: { tags, summary: 'One-click unsubscribe with the token from any newsletter mail', body: ZNewsletterToken }, config }, async (request) => {
    await requests.unsubscribe(tenantOf(request.site).id, request.body.token);
    return { success: true, data: null, message: translate(request.lang, 'requests.messages.unsubscribed') };
  });

  app.post('/api/tenant/contact', { schema: { tags, summary: 'Send the restaurant a message', body: ZContactRequest }, config }, async (request, reply) => {
    await requests.contact(contextOf(request), request.body);
    return reply.status(201).send({ success: true, data: null, message: translate(request.lang, 'requests.messages.contact_received') });
  });

  app.get('/api/tenant/public/stock-check/products', { schema: { tags, summary: 'Products a guest can ask about (active, in active categories)' }, config: reads }, async (request) => ({
    success: true,
    data: await requests.stockCheckProducts(tenantOf(request.site).id),
  }));

  app.post(
    '/api/tenant/stock-check',
    { schema: { tags, summary: 'Is this quantity available now? Answers yes or no (never the level) and keeps the request', body: ZStockCheckRequest }, config },
    async (request, reply) => {
      const { available, product } = await requests.stockCheck(contextOf(request), request.body);
      const key = available ? 'requests.messages.stock_available' : 'requests.messages.stock_unavailable';
      return reply.status(201).send({ success: true, data: { available }, message: translate(request.lang, key, { product, quantity: request.body.quantity }) });
    },
  );

  app.post('/api/tenant/quote-request', { schema: { tags, summary: 'Ask for a catering or event quote', body: ZQuoteRequest }, config }, async (request, reply) => {
    await requests.quote(contextOf(request), request.body);
    return reply.status(201).send({ success: true, data: null, message: translate(request.lang, 'requests.messages.quote_received') });
  });
};
