import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZTaxRateInput, ZTaxSettings } from '@tavolo/contracts/ordering';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { TaxesService } from './taxes.service.ts';

// The product form lists the rates, so reading them needs only menu.view; changing them is a setting.
const view = { site: 'tenant' as const, permission: 'menu.view' as const };
const manage = { site: 'tenant' as const, permission: 'settings.manage' as const };

/** The dashboard's Taxes page: tax rates (one default) and whether menu prices include tax. Logic lives in taxes.service.ts. */
export const taxesRoutes: FastifyPluginAsyncZod<{ taxes: TaxesService }> = async (app, { taxes }) => {
  const tags = ['taxes'];

  app.get('/api/tenant/tax-rates', { schema: { tags, summary: 'Tax rates, the default first, each with how many products use it' }, config: view }, async (request) => ({
    success: true,
    data: await taxes.list(tenantOf(request.site).id),
  }));

  app.post(
    '/api/tenant/tax-rates',
    { schema: { tags, summary: 'Add a tax rate (the first one, or one marked default, becomes the default)', body: ZTaxRateInput }, config: manage },
    async (request, reply) => {
      const data = await taxes.create(tenantOf(request.site).id, request.body);
      return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
    },
  );

  app.put(
    '/api/tenant/tax-rates/:id',
    { schema: { tags, summary: 'Change a tax rate; making it the default takes the flag off the old default', params: zId, body: ZTaxRateInput }, config: manage },
    async (request) => {
      const data = await taxes.update(tenantOf(request.site).id, request.params.id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.delete(
    '/api/tenant/tax-rates/:id',
    { schema: { tags, summary: 'Delete a tax rate (its products use the default again); the default only as the last rate', params: zId }, config: manage },
    async (request) => {
      await taxes.remove(tenantOf(request.site).id, request.params.id);
      return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
    },
  );

  app.get('/api/tenant/tax-settings', { schema: { tags, summary: 'Whether menu prices include tax' }, config: manage }, async (request) => ({
    success: true,
    data: await taxes.settings(tenantOf(request.site).id),
  }));

  app.put('/api/tenant/tax-settings', { schema: { tags, summary: 'Set whether menu prices include tax (as in Germany) or tax is added at checkout (as in the US)', body: ZTaxSettings }, config: manage }, async (request) => {
    const data = await taxes.saveSettings(tenantOf(request.site).id, request.body);
    return { success: true, data, message: translate(request.lang, 'messages.saved') };
  });
};
