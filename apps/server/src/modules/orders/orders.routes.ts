import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import { translate } from '@tavolo/contracts/i18n';
import { IDEMPOTENCY_HEADER, ZCheckoutRequest, ZIdempotencyKey, ZOrderingOptionsQuery, ZOrderQuoteRequest, ZOrderStatusChange, ZOrdersQuery, ZPhoneOrderRequest } from '@tavolo/contracts/orders';
import { zId } from '@tavolo/contracts/validation';
import { originsOf } from '../../lib/origins.ts';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { FastifyRequest } from 'fastify';
import type { OrderContext, OrdersService } from './orders.service.ts';

/** Guests order and follow their order; staff list and move orders along. Logic in orders.service.ts. */
const withCoupon = (request: FastifyRequest) => !!(request.body as { coupon_code?: string } | undefined)?.coupon_code;

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; mainDomain: string; checkoutPerMinute: number; quotesPerMinute: number; couponQuotesPerMinute: number }> = async (app, opts) => {
  const { orders } = opts;
  const tags = ['orders'];
  const publicConfig = { site: 'tenant' as const };
  const idempotencyKey = (request: FastifyRequest): string | undefined => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return undefined;
    const parsed = ZIdempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (!parsed.success) throw new AppError('VALIDATION', 'orders.validation.idempotency_key', { idempotency_key: ['orders.validation.idempotency_key'] });
    return parsed.data;
  };
  const context = (request: FastifyRequest): OrderContext => {
    const tenant = tenantOf(request.site);
    return { tenantId: tenant.id, lang: request.lang, origin: originsOf(request, opts.mainDomain).tenant(tenant.slug) };
  };

  app.get(
    '/api/tenant/orders/options',
    { schema: { tags, summary: 'Order types, fees, today’s hours and the times still possible today', querystring: ZOrderingOptionsQuery }, config: publicConfig },
    async (request) => ({ success: true, data: await orders.options(context(request), request.query.source) }),
  );

  app.post(
    '/api/tenant/orders/quote',
    {
      schema: { tags, summary: 'Price a cart with the restaurant’s current prices, discounts and fees (nothing is written)', body: ZOrderQuoteRequest },
      // Each refused code says why (unknown, expired, used up), so quotes with a coupon are counted apart, and fewer
      // are allowed: guessing a restaurant's codes would take days. Counted once the body is read.
      config: {
        ...publicConfig,
        rateLimit: {
          hook: 'preHandler',
          timeWindow: '1 minute',
          keyGenerator: (request) => `${request.ip}${withCoupon(request) ? ':coupon' : ''}`,
          max: (request) => (withCoupon(request) ? opts.couponQuotesPerMinute : opts.quotesPerMinute),
        },
      },
    },
    async (request) => ({ success: true, data: await orders.quote(context(request), request.body) }),
  );

  app.post(
    '/api/tenant/orders',
    {
      schema: {
        tags,
        summary: 'Place an order (send an Idempotency-Key header: a retry with the same key and body returns the same order)',
        body: ZCheckoutRequest,
      },
      config: { ...publicConfig, rateLimit: { max: opts.checkoutPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { status, body } = await orders.checkout(context(request), request.body, idempotencyKey(request));
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/api/tenant/orders/phone',
    {
      schema: {
        tags,
        summary: 'Enter an order taken by phone: checkout’s prices, stock, hours and delivery rules; e-mail optional (Idempotency-Key as for checkout)',
        body: ZPhoneOrderRequest,
      },
      config: { site: 'tenant', permission: 'orders.manage' },
    },
    async (request, reply) => {
      const { status, body } = await orders.phoneOrder(context(request), request.body, idempotencyKey(request), authOf(request.auth).userId);
      return reply.status(status).send(body);
    },
  );

  app.get(
    '/api/tenant/orders/ordering',
    { schema: { tags, summary: 'Whether online ordering runs, and when an unaccepted order paused it' }, config: { site: 'tenant', permission: 'orders.view' } },
    async (request) => ({ success: true, data: await orders.orderingState(tenantOf(request.site).id) }),
  );

  app.post(
    '/api/tenant/orders/ordering/resume',
    { schema: { tags, summary: 'Resume online ordering after a pause' }, config: { site: 'tenant', permission: 'orders.manage' } },
    async (request) => ({
      success: true,
      data: await orders.resumeOrdering(tenantOf(request.site).id),
      message: translate(request.lang, 'orders.messages.resumed'),
    }),
  );

  app.get(
    '/api/tenant/orders/track/:token',
    { schema: { tags, summary: 'The guest’s order by the secret token of the tracking link', params: z.object({ token: z.string().max(100) }) }, config: publicConfig },
    async (request) => ({ success: true, data: await orders.track(tenantOf(request.site).id, request.params.token) }),
  );

  app.get(
    '/api/tenant/orders',
    { schema: { tags, summary: 'Orders (filter by status, type, source and days on the restaurant’s clock; sort; search by number, name, phone or e-mail)', querystring: ZOrdersQuery }, config: { site: 'tenant', permission: 'orders.view' } },
    async (request) => ({ success: true, data: await orders.list(tenantOf(request.site).id, request.query) }),
  );

  app.get(
    '/api/tenant/orders/:id',
    { schema: { tags, summary: 'One order with its lines and status history', params: zId }, config: { site: 'tenant', permission: 'orders.view' } },
    async (request) => ({ success: true, data: await orders.get(tenantOf(request.site).id, request.params.id) }),
  );

  app.patch(
    '/api/tenant/orders/:id/status',
    { schema: { tags, summary: 'Move an order along its workflow: accepting needs ready_in_minutes, rejecting or cancelling a reason (and gives the stock back)', params: zId, body: ZOrderStatusChange }, config: { site: 'tenant', permission: 'orders.manage' } },
    async (request) => ({
      success: true,
      data: await orders.changeStatus(context(request), request.params.id, request.body, authOf(request.auth).userId),
    }),
  );
};
