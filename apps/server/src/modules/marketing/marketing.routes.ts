import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import {
  ZContactMessageHandledRequest,
  ZContactMessageIdParams,
  ZContactMessageListQuery,
  ZContactMessageRequest,
} from '@tavolo/contracts/marketing';
import { authOf } from '../../plugins/context.ts';
import type { PlansService } from '../plans/plans.service.ts';
import type { ContactService } from './contact.service.ts';

/**
 * The marketing site's reads and its contact form (main domain), and the operators' side of the form's messages.
 */
export const marketingRoutes: FastifyPluginAsyncZod<{ plans: PlansService; contact: ContactService; contactPerMinute: number }> = async (app, opts) => {
  const tags = ['marketing'];

  // The pricing page's figures: the plans the platform enforces. Browsers and proxies may keep them a minute and
  // revalidate with the ETag (a price change shows within a minute).
  app.get('/api/plans', { schema: { tags, summary: 'The plans on offer, with price and limits (public, cacheable)' }, config: { site: 'platform' } }, async (request, reply) => {
    const body = { success: true, data: await opts.plans.list() };
    const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
    reply.header('cache-control', 'public, max-age=60').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return body;
  });

  app.post(
    '/api/contact',
    {
      schema: { tags, summary: 'Send the platform team a message; the sender gets a confirmation mail in their language', body: ZContactMessageRequest },
      config: { site: 'platform', rateLimit: { max: opts.contactPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await opts.contact.submit(request.body, request.lang);
      // A honeypot hit is answered the same, so a bot learns nothing.
      return reply.status(201).send({ success: true, data: null, message: translate(request.lang, 'contact.messages.received') });
    },
  );

  const manage = { site: 'platform', permission: 'platform_messages.manage' } as const;
  const URL_ = '/api/platform/messages';

  app.get(URL_, { schema: { tags, summary: 'Contact messages: new or handled, search, pages; counts the new ones', querystring: ZContactMessageListQuery }, config: manage }, async (request) => ({
    success: true,
    data: await opts.contact.list(request.query),
  }));

  app.get(`${URL_}/:id`, { schema: { tags, summary: 'One contact message', params: ZContactMessageIdParams }, config: manage }, async (request) => ({
    success: true,
    data: await opts.contact.detail(request.params.id),
  }));

  app.post(
    `${URL_}/:id/handled`,
    { schema: { tags, summary: 'Mark a message handled, or new again', params: ZContactMessageIdParams, body: ZContactMessageHandledRequest }, config: manage },
    async (request) => ({
      success: true,
      data: await opts.contact.setHandled(request.params.id, request.body.handled, authOf(request.auth).userId),
      message: translate(request.lang, request.body.handled ? 'contact.messages.handled' : 'contact.messages.reopened'),
    }),
  );

  app.delete(`${URL_}/:id`, { schema: { tags, summary: 'Delete a contact message', params: ZContactMessageIdParams }, config: manage }, async (request) => {
    await opts.contact.remove(request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'contact.messages.deleted') };
  });
};
