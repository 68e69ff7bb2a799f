import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZStockAdjustment, ZStockHistoryQuery, ZStockQuery } from '@tavolo/contracts/stock';
import { zUuid } from '@tavolo/contracts/validation';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { StockService } from './stock.service.ts';

const view = { site: 'tenant' as const, permission: 'menu.view' as const };
const manage = { site: 'tenant' as const, permission: 'menu.manage' as const };
const ZProductParams = z.object({ productId: zUuid });

/** Back-office stock: levels of tracked products, manual adjustments and each product's history. Logic lives in stock.service.ts. */
export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService }> = async (app, { stock }) => {
  const tags = ['stock'];

  app.get(
    '/api/tenant/stock',
    { schema: { tags, summary: 'Tracked products with their stock level; filter low (at or below threshold) or out (0)', querystring: ZStockQuery }, config: view },
    async (request) => {
      return { success: true, data: await stock.listLevels(tenantOf(request.site).id, request.query) };
    },
  );

  app.post(
    '/api/tenant/stock/:productId/adjustments',
    {
      schema: { tags, summary: 'Change a tracked product’s stock by a delta (never below 0) and record the movement', params: ZProductParams, body: ZStockAdjustment },
      config: manage,
    },
    async (request, reply) => {
      const data = await stock.adjust(tenantOf(request.site).id, request.params.productId, request.body, authOf(request.auth).userId);
      return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
    },
  );

  app.get(
    '/api/tenant/stock/:productId/movements',
    { schema: { tags, summary: 'A product’s stock movements, newest first', params: ZProductParams, querystring: ZStockHistoryQuery }, config: view },
    async (request) => {
      return { success: true, data: await stock.listMovements(tenantOf(request.site).id, request.params.productId, request.query) };
    },
  );
};
