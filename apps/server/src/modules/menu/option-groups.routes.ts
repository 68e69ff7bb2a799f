import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZOptionGroupInput } from '@tavolo/contracts/ordering';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { OptionGroupsService } from './option-groups.service.ts';

const view = { site: 'tenant' as const, permission: 'menu.view' as const };
const manage = { site: 'tenant' as const, permission: 'menu.manage' as const };

/** Shared option groups of the restaurant's dishes ("Size", "Extras"). Logic lives in option-groups.service.ts. */
export const optionGroupsRoutes: FastifyPluginAsyncZod<{ optionGroups: OptionGroupsService }> = async (app, { optionGroups }) => {
  const tags = ['menu: option groups'];

  app.get('/api/tenant/option-groups', { schema: { tags, summary: 'Every option group with its options and how many products offer it' }, config: view }, async (request) => {
    return { success: true, data: await optionGroups.list(tenantOf(request.site).id) };
  });

  app.post(
    '/api/tenant/option-groups',
    { schema: { tags, summary: 'Create an option group with its options', body: ZOptionGroupInput }, config: manage },
    async (request, reply) => {
      const data = await optionGroups.create(tenantOf(request.site).id, request.body);
      return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.saved') });
    },
  );

  app.put(
    '/api/tenant/option-groups/:id',
    { schema: { tags, summary: 'Update an option group; the options list replaces the old one (options sent with their id keep it)', params: zId, body: ZOptionGroupInput }, config: manage },
    async (request) => {
      const data = await optionGroups.update(tenantOf(request.site).id, request.params.id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.delete('/api/tenant/option-groups/:id', { schema: { tags, summary: 'Delete an option group (products stop offering it)', params: zId }, config: manage }, async (request) => {
    await optionGroups.remove(tenantOf(request.site).id, request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
  });
};
