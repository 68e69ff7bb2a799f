import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tavolo/contracts/errors';
import { translate } from '@tavolo/contracts/i18n';
import { tenantOf } from '../../plugins/context.ts';
import type { PlansService } from './plans.service.ts';

/** The restaurant's plan page: what it uses of its plan, the plans on offer, and the upgrade request. */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  const tags = ['plans'];
  const config = { site: 'tenant' as const, permission: 'settings.manage' as const };

  app.get('/api/tenant/plan', { schema: { tags, summary: "The restaurant's plan, its usage and the plans on offer" }, config }, async (request) => {
    const tenantId = tenantOf(request.site).id;
    const [usage, list] = await Promise.all([plans.usage(tenantId), plans.list()]);
    return { success: true, data: { ...usage, plans: list } };
  });

  // For whoever may see the menu: the Products page says when the plan is full before a save is refused.
  app.get(
    '/api/tenant/plan/product-room',
    { schema: { tags, summary: 'How many dishes the restaurant has, and how many its plan holds' }, config: { site: 'tenant', permission: 'menu.view' } },
    async (request) => ({ success: true, data: await plans.productRoom(tenantOf(request.site).id) }),
  );

  app.post('/api/tenant/plan/upgrade-request', { schema: { tags, summary: 'Ask for Premium (recorded for the operators; idempotent)' }, config }, async (request) => {
    const tenantId = tenantOf(request.site).id;
    const current = await plans.usage(tenantId);
    if (current.base_plan_id === 'premium') throw new AppError('CONFLICT', 'plans.errors.already_premium');
    // Asking twice keeps the first request's date (the repo only sets it once).
    const { checkoutUrl } = await plans.requestUpgrade(tenantId);
    const { upgrade_requested_at } = await plans.usage(tenantId);
    return {
      success: true,
      data: { checkout_url: checkoutUrl, upgrade_requested_at },
      message: translate(request.lang, checkoutUrl ? 'plans.messages.checkout' : 'plans.messages.upgrade_requested'),
    };
  });
};
