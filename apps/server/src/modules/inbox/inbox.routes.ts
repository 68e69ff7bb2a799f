import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import {
  INBOX_PATHS,
  ZInboxReply,
  ZRequestStatusChange,
  ZRequestsQuery,
  ZReservationStatusChange,
  ZReservationsQuery,
  ZSubscribersQuery,
  type TInboxKind,
} from '@tavolo/contracts/inbox';
import { zId } from '@tavolo/contracts/validation';
import { originsOf } from '../../lib/origins.ts';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { InboxContext, InboxService } from './inbox.service.ts';

const REQUEST_KINDS = ['stock_check', 'quote', 'contact'] as const;

/**
 * The staff side of guest requests (issue #5): reservations (staff may look, managers act), stock checks,
 * quote and contact requests (managers), replies by e-mail, and newsletter subscribers (admins manage).
 * Logic in inbox.service.ts.
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ inbox: InboxService; mainDomain: string }> = async (app, { inbox, mainDomain }) => {
  const context = (request: FastifyRequest): InboxContext => {
    const tenant = tenantOf(request.site);
    return { tenantId: tenant.id, userId: authOf(request.auth).userId, lang: request.lang, origin: originsOf(request, mainDomain).tenant(tenant.slug) };
  };
  const tenantId = (request: FastifyRequest) => tenantOf(request.site).id;
  const view = (kind: TInboxKind) => ({ site: 'tenant' as const, permission: kind === 'reservation' ? ('reservations.view' as const) : ('requests.view' as const) });
  const manage = (kind: TInboxKind) => ({ site: 'tenant' as const, permission: kind === 'reservation' ? ('reservations.manage' as const) : ('requests.manage' as const) });

  // Reservations: list with a date range, and their own workflow.
  {
    const url = `/api/tenant/${INBOX_PATHS.reservation}`;
    const tags = ['reservations'];
    app.get(
      url,
      { schema: { tags, summary: 'Reservations (filter by status and date range, search by name, phone or e-mail, newest or oldest first)', querystring: ZReservationsQuery }, config: view('reservation') },
      async (request) => ({ success: true, data: await inbox.list(tenantId(request), 'reservation', request.query) }),
    );
    app.get(`${url}/:id`, { schema: { tags, summary: 'One reservation with the e-mails sent about it', params: zId }, config: view('reservation') }, async (request) => ({
      success: true,
      data: await inbox.get(tenantId(request), 'reservation', request.params.id),
    }));
    app.patch(
      `${url}/:id/status`,
      {
        schema: { tags, summary: 'Confirm, decline or cancel a pending reservation; seat, complete, mark no-show or cancel a confirmed one; complete a seated one (the guest is e-mailed about confirming, declining and cancelling)', params: zId, body: ZReservationStatusChange },
        config: manage('reservation'),
      },
      async (request) => ({
        success: true,
        data: await inbox.changeReservationStatus(context(request), request.params.id, request.body),
        message: translate(request.lang, 'inbox.messages.status_changed'),
      }),
    );
  }

  // Stock checks, quote and contact requests: new / answered / closed.
  for (const kind of REQUEST_KINDS) {
    const url = `/api/tenant/${INBOX_PATHS[kind]}`;
    const tags = ['guest requests (staff)'];
    app.get(url, { schema: { tags, summary: `${kind} requests (filter by status, search, newest or oldest first)`, querystring: ZRequestsQuery }, config: view(kind) }, async (request) => ({
      success: true,
      data: await inbox.list(tenantId(request), kind, request.query),
    }));
    app.get(`${url}/:id`, { schema: { tags, summary: `One ${kind} request with its replies`, params: zId }, config: view(kind) }, async (request) => ({
      success: true,
      data: await inbox.get(tenantId(request), kind, request.params.id),
    }));
    app.patch(`${url}/:id/status`, { schema: { tags, summary: `Mark a ${kind} request new, answered or closed`, params: zId, body: ZRequestStatusChange }, config: manage(kind) }, async (request) => ({
      success: true,
      data: await inbox.changeRequestStatus(context(request), kind, request.params.id, request.body.status),
      message: translate(request.lang, 'inbox.messages.status_changed'),
    }));
  }

  // Replies by e-mail, for every kind.
  for (const kind of ['reservation', ...REQUEST_KINDS] as const) {
    app.post(
      `/api/tenant/${INBOX_PATHS[kind]}/:id/replies`,
      {
        schema: { tags: ['guest requests (staff)'], summary: 'E-mail the guest (stored with the request; a new request becomes answered)', params: zId, body: ZInboxReply },
        config: manage(kind),
      },
      async (request, reply) => {
        const data = await inbox.reply(context(request), kind, request.params.id, request.body);
        return reply.status(201).send({ success: true, data, message: translate(request.lang, 'inbox.messages.reply_sent', { email: data.email }) });
      },
    );
  }

  // Newsletter subscribers.
  const tags = ['subscribers'];
  app.get(
    '/api/tenant/subscribers',
    { schema: { tags, summary: 'Newsletter sign-ups, newest first (filter by status, search by e-mail)', querystring: ZSubscribersQuery }, config: { site: 'tenant', permission: 'customers.view' } },
    async (request) => ({ success: true, data: await inbox.subscribers(tenantId(request), request.query) }),
  );
  app.get(
    '/api/tenant/subscribers/export.csv',
    { schema: { tags, summary: 'The confirmed subscribers as CSV (email, language, confirmed_at)' }, config: { site: 'tenant', permission: 'customers.manage' } },
    async (request, reply) => {
      const tenant = tenantOf(request.site);
      // The slug is [a-z0-9-] only, so the file name needs no escaping.
      const filename = `subscribers-${tenant.slug}-${new Date().toISOString().slice(0, 10)}.csv`;
      async function* body() {
        // A byte order mark, so spreadsheet programs read the file as UTF-8.
        yield '\ufeff';
        yield* inbox.subscribersCsv(tenant.id);
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(body()));
    },
  );
  app.delete(
    '/api/tenant/subscribers/:id',
    { schema: { tags, summary: 'Remove a subscriber (the address gets no more newsletters)', params: zId }, config: { site: 'tenant', permission: 'customers.manage' } },
    async (request) => {
      await inbox.removeSubscriber(tenantId(request), request.params.id);
      return { success: true, data: null, message: translate(request.lang, 'inbox.messages.subscriber_removed') };
    },
  );
};
