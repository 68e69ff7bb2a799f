import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@tavolo/contracts/errors';
import { PERMISSIONS, PLATFORM_PERMISSIONS, can } from '@tavolo/contracts/permissions';
import { hashToken } from '../lib/tokens.ts';
import type { AuthRepo } from '../modules/auth/auth.repo.ts';
import { realmOf } from '../modules/auth/auth.service.ts';

const TOUCH_EVERY_MS = 5 * 60_000;

/** Each realm's catalogue: a role row holding a permission of the other realm gets nothing from it. */
const CATALOGUE: Record<'tenant' | 'platform', ReadonlySet<string>> = { tenant: new Set(PERMISSIONS), platform: new Set(PLATFORM_PERMISSIONS) };

/**
 * Enforces each route's `config`: which host it answers on, whether it needs a session of that
 * host's realm, and which permission. A token is looked up only within the realm of the Host, so a
 * token issued by one restaurant (or the platform) is unknown everywhere else.
 */
export const guardPlugin = fp<{ authRepo: AuthRepo }>(async (app, { authRepo }) => {
  /** The session part, only for routes that need one. */
  async function authenticate(request: FastifyRequest, config: FastifyContextConfig): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token || token.length > 200) throw new AppError('UNAUTHENTICATED');
    const realm = realmOf(request.site);
    const session = await authRepo.liveSession(realm, hashToken(token));
    if (!session) throw new AppError('UNAUTHENTICATED');
    const catalogue = CATALOGUE[realm.kind];
    const permissions = session.permissions.filter((p) => catalogue.has(p));
    request.auth = {
      realm: realm.kind,
      tenantId: realm.kind === 'tenant' ? realm.tenantId : null,
      sessionId: session.sessionId,
      userId: session.userId,
      permissions,
    };
    // A route guarded by the other realm's permission is closed to everyone here, whatever a role row says.
    if (config.permission && !(catalogue.has(config.permission) && can(permissions, config.permission))) throw new AppError('FORBIDDEN');
    if (!session.lastSeenAt || Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await authRepo.touchUser(realm, session.userId);
    }
  }

  // Synchronous for public routes (no promise per request); only a route that needs a session waits for the database.
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config ?? {};
    // API routes default to known hosts; pages and assets answer everywhere (an unknown host gets a translated 404 page).
    const rule = config.site ?? (request.url.startsWith('/api') ? 'known' : 'any');
    const { site } = request;
    if (rule !== 'any') {
      if (site.kind === 'unknown') return done(new AppError('TENANT_NOT_FOUND'));
      if (rule !== 'known' && site.kind !== rule) return done(new AppError('NOT_FOUND'));
    }
    if (!config.auth && !config.permission) return done();
    authenticate(request, config).then(() => done(), done);
  });
});
