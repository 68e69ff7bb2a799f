import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZRestaurantSettings } from '@tavolo/contracts/settings';
import { tenantOf } from '../../plugins/context.ts';
import type { SettingsService } from './settings.service.ts';

const config = { site: 'tenant' as const, permission: 'settings.manage' as const };

/** The restaurant's own settings (SPEC §3): contact, address, hours, ordering, links, storefront. Logic in settings.service.ts. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const tags = ['settings'];

  app.get('/api/tenant/admin/settings', { schema: { tags, summary: "The restaurant's settings" }, config }, async (request) => {
    return { success: true, data: await settings.get(tenantOf(request.site).id) };
  });

  app.put(
    '/api/tenant/admin/settings',
    { schema: { tags, summary: 'Save every setting at once (tenants and tenant_settings in one transaction)', body: ZRestaurantSettings }, config },
    async (request) => {
      const data = await settings.update(tenantOf(request.site).id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );
};
