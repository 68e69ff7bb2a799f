import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRegisterTenantRequest } from '@tavolo/contracts/auth';
import { translate } from '@tavolo/contracts/i18n';
import { ZDomainCheckQuery } from '@tavolo/contracts/tenant';
import { originsOf } from '../../lib/origins.ts';
import type { createRegistrationService } from './registration.service.ts';

export const registrationRoutes: FastifyPluginAsyncZod<{ registration: ReturnType<typeof createRegistrationService>; mainDomain: string }> = async (app, opts) => {
  const tags = ['registration'];

  app.get(
    '/api/tenant-register/check-domain',
    { schema: { tags, summary: 'Is this sub-domain free?', querystring: ZDomainCheckQuery }, config: { site: 'platform' } },
    async (request) => {
      const result = await opts.registration.checkDomain(request.query.domain);
      return { success: true, data: { ...result, reason: result.reason && translate(request.lang, result.reason) } };
    },
  );

  app.post(
    '/api/tenant-register',
    {
      schema: { tags, summary: 'Register a restaurant', body: ZRegisterTenantRequest },
      config: { site: 'platform', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const data = await opts.registration.register(request.body, originsOf(request, opts.mainDomain), request.lang);
      return reply.status(201).send({ success: true, data, message: translate(request.lang, 'messages.registered') });
    },
  );
};
