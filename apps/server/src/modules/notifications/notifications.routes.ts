import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { translate } from '@tavolo/contracts/i18n';
import { zId } from '@tavolo/contracts/validation';
import type { LiveEvents } from '../../lib/live-events.ts';
import { hashToken } from '../../lib/tokens.ts';
import { authOf, tenantOf } from '../../plugins/context.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import { openLiveStream } from './live-stream.ts';
import type { NotificationsService, Viewer } from './notifications.service.ts';

interface Options {
  notifications: NotificationsService;
  live: LiveEvents;
  authRepo: AuthRepo;
  heartbeatSeconds: number;
  sessionCheckSeconds: number;
}

const config = { site: 'tenant' as const, auth: true };

/** The notification bell and the dashboard's live stream. Logic in notifications.service.ts and live-stream.ts. */
export const notificationsRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { notifications } = opts;
  const tags = ['notifications'];
  const viewer = (request: FastifyRequest): Viewer => ({ tenantId: tenantOf(request.site).id, permissions: authOf(request.auth).permissions, lang: request.lang });

  app.get(
    '/api/tenant/notifications',
    { schema: { tags, summary: 'The newest 30 notifications this user may see, in their language, and how many are unread' }, config },
    async (request) => ({ success: true, data: await notifications.list(viewer(request)) }),
  );

  app.post(
    '/api/tenant/notifications/mark-all-read',
    { schema: { tags, summary: 'Mark every notification this user may see as read (for the whole team)' }, config },
    async (request) => {
      const data = await notifications.markAllRead(viewer(request));
      return { success: true, data, message: translate(request.lang, 'notifications.messages.all_read') };
    },
  );

  app.post(
    '/api/tenant/notifications/:id/read',
    { schema: { tags, summary: 'Mark one notification as read (for the whole team)', params: zId }, config },
    async (request) => ({ success: true, data: await notifications.markRead(viewer(request), request.params.id) }),
  );

  // Open streams, ended before the server closes (they would otherwise hold it open).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/api/tenant/live',
    {
      // A HEAD would wait on the stream like a GET; nothing needs one.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Server-Sent Events: `event: change` with `{ topics }` whenever something this user may see changes; a keep-alive comment now and then. Bearer token in the Authorization header.',
      },
      config: { ...config, stream: true },
    },
    async (request, reply) => {
      const tenantId = tenantOf(request.site).id;
      const auth = authOf(request.auth);
      // The guard accepted this header's token; the stream checks it again now and then (logout, expiry, role change).
      const tokenHash = hashToken(request.headers.authorization!.slice(7).trim());
      const end = openLiveStream(reply, {
        live: opts.live,
        tenantId,
        permissions: auth.permissions,
        heartbeatMs: opts.heartbeatSeconds * 1000,
        sessionCheckMs: opts.sessionCheckSeconds * 1000,
        recheck: async () => (await opts.authRepo.liveSession({ kind: 'tenant', tenantId }, tokenHash))?.permissions ?? null,
      });
      streams.add(end);
      reply.raw.on('close', () => streams.delete(end));
    },
  );
};
