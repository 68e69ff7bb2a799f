import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZCustomerKey, ZCustomerQuery, ZEraseCustomerRequest } from '@tavolo/contracts/customers';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { CustomersService } from './customers.service.ts';

const URL_ = '/api/tenant/customers';

/** Customers (GDPR): list, detail, export and erasure. Logic in customers.service.ts. */
export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (app, { customers }) => {
  const tags = ['customers'];
  const view = { site: 'tenant' as const, permission: 'customers.view' as const };

  app.get(URL_, { schema: { tags, summary: 'Everyone who ordered or reserved, merged by e-mail (search, sort, pages)', querystring: ZCustomerQuery }, config: view }, async (request) => ({
    success: true,
    data: await customers.list(tenantOf(request.site).id, request.query),
  }));

  app.get(`${URL_}/:key`, { schema: { tags, summary: "One customer's figures, orders and reservations", params: ZCustomerKey }, config: view }, async (request) => ({
    success: true,
    data: await customers.detail(tenantOf(request.site).id, request.params.key),
  }));

  app.get(
    `${URL_}/:key/export`,
    { schema: { tags, summary: 'Everything held about the customer as JSON (GDPR access request)', params: ZCustomerKey }, config: view },
    async (request, reply) => {
      const tenant = tenantOf(request.site);
      const data = await customers.export(tenant.id, request.params.key, tenant.name);
      reply.header('content-disposition', `attachment; filename="customer-${new Date().toISOString().slice(0, 10)}.json"`);
      return { success: true, data };
    },
  );

  app.post(
    `${URL_}/:key/erase`,
    {
      schema: { tags, summary: "Erase the customer's personal data (orders and figures stay); the e-mail typed again confirms", params: ZCustomerKey, body: ZEraseCustomerRequest },
      config: { site: 'tenant', permission: 'customers.manage' },
    },
    async (request) => {
      const data = await customers.erase(tenantOf(request.site).id, request.params.key, request.body.confirm_email, authOf(request.auth).userId);
      return { success: true, data, message: translate(request.lang, 'customers.messages.erased') };
    },
  );
};
