import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZAddDomain } from '@tavolo/contracts/domains';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { DomainsService } from './domains.service.ts';

const URL_ = '/api/tenant/domains';

/** The restaurant's own domains (Premium). Logic in domains.service.ts. */
export const domainsRoutes: FastifyPluginAsyncZod<{ domains: DomainsService; verifyPerMinute: number }> = async (app, { domains, verifyPerMinute }) => {
  const tags = ['domains'];
  const config = { site: 'tenant' as const, permission: 'settings.manage' as const };

  app.get(URL_, { schema: { tags, summary: "The restaurant's custom domains with their instructions" }, config }, async (request) => {
    const tenant = tenantOf(request.site);
    return { success: true, data: await domains.list(tenant.id, tenant.slug, (key) => translate(request.lang, key)) };
  });

  app.post(URL_, { schema: { tags, summary: 'Claim a domain (Premium); answers its verification token', body: ZAddDomain }, config }, async (request, reply) => {
    const tenant = tenantOf(request.site);
    const data = await domains.add(tenant.id, tenant.slug, request.body.host, (key) => translate(request.lang, key));
    reply.code(201);
    return { success: true, data, message: translate(request.lang, 'domains.messages.added') };
  });

  app.post(
    `${URL_}/:id/verify`,
    {
      schema: { tags, summary: 'Check the TXT record or the file now', params: zId },
      // Each check makes DNS and http requests to hosts the owner chose.
      config: { ...config, rateLimit: { max: verifyPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const tenant = tenantOf(request.site);
      const data = await domains.verify(tenant.id, tenant.slug, request.params.id, (key) => translate(request.lang, key));
      const message = data.verified ? translate(request.lang, `domains.messages.verified_${data.method}`, { host: data.domain.host }) : data.domain.last_error;
      return { success: true, data, message: message ?? undefined };
    },
  );

  app.delete(`${URL_}/:id`, { schema: { tags, summary: 'Remove a domain', params: zId }, config }, async (request) => {
    await domains.remove(tenantOf(request.site).id, request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'domains.messages.removed') };
  });
};
