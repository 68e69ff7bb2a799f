import Fastify, { type FastifyContextConfig, type FastifySchema, type FastifyServerOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TStorefrontBoot } from '@tavolo/contracts/storefront-boot';
import { ZPublicProductsQuery } from '@tavolo/contracts/storefront';
import type { TConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { closeRedis, createRedis } from './lib/redis.ts';
import { createUploadsStore, type UploadsStore } from './lib/uploads/index.ts';
import { createMemoryLoginThrottle, createRedisLoginThrottle } from './modules/auth/login-throttle.ts';
import { lazyChildLogger } from './lib/request-logger.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { guardPlugin } from './plugins/guard.ts';
import { healthRoutes, type Lifecycle } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { createRegistrationService } from './modules/registration/registration.service.ts';
import { listingImportRoutes } from './modules/listing-import/listing-import.routes.ts';
import { createListingImportService } from './modules/listing-import/listing-import.service.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { platformTenantsRoutes } from './modules/platform/platform-tenants.routes.ts';
import { createPlatformTenantsService } from './modules/platform/platform-tenants.service.ts';
import { createTrialSweep, type TrialSweep } from './modules/platform/platform-trials.ts';
import { cachedCategories, cachedProductPage, storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { createStorefrontReads } from './modules/storefront/storefront.service.ts';
import { storefrontCachePlugin } from './modules/storefront/storefront.cache.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { bulletinRoutes } from './modules/bulletin/bulletin.routes.ts';
import { createBulletinService } from './modules/bulletin/bulletin.service.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { optionGroupsRoutes } from './modules/menu/option-groups.routes.ts';
import { createOptionGroupsService } from './modules/menu/option-groups.service.ts';
import { createMenuService } from './modules/menu/menu.service.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { createStockService } from './modules/stock/stock.service.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { createCouponsService } from './modules/coupons/coupons.service.ts';
import { taxesRoutes } from './modules/taxes/taxes.routes.ts';
import { createTaxesService } from './modules/taxes/taxes.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { appearanceRoutes } from './modules/appearance/appearance.routes.ts';
import { createAppearanceService } from './modules/appearance/appearance.service.ts';
import { mailSettingsRoutes } from './modules/mail-settings/mail-settings.routes.ts';
import { createMailSettingsService } from './modules/mail-settings/mail-settings.service.ts';
import { mailLogRoutes } from './modules/mail-log/mail-log.routes.ts';
import { createMailLogService } from './modules/mail-log/mail-log.service.ts';
import { lazySecretBox } from './lib/secrets.ts';
import { createLiveEvents, type LiveEvents } from './lib/live-events.ts';
import type { Bus } from './lib/bus.ts';
import { createBus } from './lib/bus-factory.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { createCmsService } from './modules/cms/cms.service.ts';
import { requestsRoutes } from './modules/requests/requests.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { createInboxService } from './modules/inbox/inbox.service.ts';
import { staffReservationsRoutes } from './modules/reservations/staff.routes.ts';
import { createStaffReservationsService } from './modules/reservations/staff.service.ts';
import { createRequestsService } from './modules/requests/requests.service.ts';
import { reservationSetupRoutes } from './modules/reservations/setup.routes.ts';
import { createSetupService } from './modules/reservations/setup.service.ts';
import { orderingRoutes } from './modules/ordering/ordering.routes.ts';
import { createOrderingService } from './modules/ordering/ordering.service.ts';
import { guestReservationsRoutes } from './modules/reservations/guest.routes.ts';
import { createGuestReservationsService } from './modules/reservations/guest.service.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { EARLY_CLICKS_SCRIPT_SOURCE } from './modules/web/early-clicks-script.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { createOutbox, tenantMailerFor, type Outbox } from './modules/outbox/outbox.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { createOrderEscalation, type OrderEscalation } from './modules/orders/orders.escalation.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPlansService, type PlansService } from './modules/plans/plans.service.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import { createDomainsService } from './modules/domains/domains.service.ts';
import { createDnsVerifier, type DomainVerifier } from './modules/domains/domains.verifier.ts';
import { marketingRoutes } from './modules/marketing/marketing.routes.ts';
import { createContactService } from './modules/marketing/contact.service.ts';

/** One registered route, as the app itself saw it: tests iterate these to cover routes added later. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema?: FastifySchema;
}

export interface AppDeps {
  config: TConfig;
  database: Database;
  /** Defaults to SMTP_URL, or .eml files under DATA_DIR/mail. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The clock for opening hours and order times (tests fix it). */
  now?: () => Date;
  /** How custom domains are checked; defaults to real DNS and http (tests use a stub). */
  domainVerifier?: DomainVerifier;
  /** Where uploaded images live; defaults to the one the settings select (UPLOADS_STORE). */
  uploads?: UploadsStore;
  /** How processes tell each other about changes; defaults to the one the settings select (lib/bus-factory.ts). */
  bus?: Bus;
}

/** Helmet's defaults, but images also from data: and blob: URLs, and one inline script: the early-click holder. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      'upgrade-insecure-requests': null,
      'img-src': ["'self'", 'data:', 'blob:'],
      'script-src': ["'self'", EARLY_CLICKS_SCRIPT_SOURCE],
    },
  },
} satisfies HelmetOptions;

/** The whole product as a Fastify instance that does not listen: the server listens, tests inject. */
export async function buildApp({ config, database, logger = false, ...deps }: AppDeps) {
  const app = Fastify({ logger, trustProxy: config.TRUST_PROXY, bodyLimit: 1024 * 1024, frameworkErrors, childLoggerFactory: lazyChildLogger });
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: app.log });
  const uploads = deps.uploads ?? createUploadsStore(config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { db } = database;
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, config: route.config ?? {}, schema: route.schema });
  });
  app.decorate('routeTable', routeTable as readonly RouteEntry[]);

  // Security headers first, so every reply has them (errors from later hooks included).
  await app.register(securityHeadersPlugin, { helmet: HELMET_OPTIONS });
  // External plugins.
  await app.register(cookie);
  await app.register(compressionPlugin);
  // With REDIS_URL, rate limits and the per-account login throttle are counted once for all processes. A Redis
  // outage must not refuse every request: per-IP limits then fail open (logged once by createRedis) and the login
  // throttle counts per process until Redis is back.
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL, 'limits', { log: app.log }) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    ...(redis && { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rl:`, skipOnError: true }),
  });
  const loginWindowMs = config.LOGIN_LOCK_MINUTES * 60_000;
  const loginThrottle = redis
    ? createRedisLoginThrottle({ redis, keyPrefix: `${config.REDIS_KEY_PREFIX}login:`, maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: loginWindowMs, log: app.log })
    : createMemoryLoginThrottle(config.LOGIN_MAX_FAILURES_PER_ACCOUNT, loginWindowMs);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tavolo API',
        version: '0.1.0',
        description: [
          'Every answer is an envelope: `{ success: true, data, message? }`, or `{ success: false, code, message, errors?, error_keys? }` on failure.',
          'A 422 names its fields in `errors` (`{ field: [message] }`, in the language of `X-Language` or `Accept-Language`) and the same messages as',
          'catalogue keys with their values in `error_keys` (`{ field: [{ key, params? }] }`), so a client can say them again in another language.',
          'State-changing calls need the `XSRF-TOKEN` cookie echoed in `X-XSRF-TOKEN`; signed-in calls carry `Authorization: Bearer <token>`.',
        ].join(' '),
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Live events and cache invalidations reach every server process through the bus; a bus the caller passed in
  // is the caller's to close.
  const bus = deps.bus ?? createBus({ redisUrl: config.REDIS_URL, redisChannel: `${config.REDIS_KEY_PREFIX}bus`, databaseUrl: config.DATABASE_URL }, database, app.log);
  if (!deps.bus) app.addHook('onClose', () => bus.close());

  // App plugins: error handler, host -> site, CSRF, route guard.
  // Mail is queued in the outbox inside each event's transaction; server.ts starts the sender. A restaurant with
  // its own SMTP settings sends through them, any other through the platform mailer.
  const secrets = lazySecretBox({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR });
  const mailSettings = createMailSettingsService({ db, secrets, allowPrivateAddresses: config.SMTP_ALLOW_PRIVATE_ADDRESSES });
  const outbox = createOutbox({ db, mailer, mailerFor: tenantMailerFor(mailSettings), log: app.log });
  const auth = createAuthService({ db, config, mailer, onMailQueued: () => outbox.poke(), throttle: loginThrottle });
  await app.register(errorsPlugin);
  await app.register(tenantPlugin, { db, mainDomain: config.MAIN_DOMAIN, now: deps.now, bus });
  await app.register(csrfPlugin);
  await app.register(guardPlugin, { authRepo: auth.repo });
  await app.register(storefrontCachePlugin, { ttlMs: config.STOREFRONT_CACHE_SECONDS * 1000, maxBytes: config.STOREFRONT_CACHE_MAX_MB * 2 ** 20, bus });

  // Feature modules. `live` tells open dashboards what changed once a write has committed.
  const live = createLiveEvents(bus);
  // Plan limits (products, team size, custom domains and roles) are checked inside the writes that could pass them.
  const plans = createPlansService({ db, now: deps.now, onPlanChanged: () => app.tenants.invalidateDomains() });
  const orders = createOrdersService({ db, now: deps.now, onMailQueued: () => outbox.poke(), live });
  await app.register(ordersRoutes, {
    orders,
    mainDomain: config.MAIN_DOMAIN,
    checkoutPerMinute: config.CHECKOUT_MAX_PER_IP_PER_MINUTE,
    quotesPerMinute: config.QUOTE_MAX_PER_IP_PER_MINUTE,
    couponQuotesPerMinute: config.COUPON_QUOTE_MAX_PER_IP_PER_MINUTE,
  });
  // Unaccepted orders escalate in the background (server.ts starts it); links in its mails keep the server's port.
  const workerOrigin = (slug: string) => `${config.TRUST_PROXY ? 'https' : 'http'}://${slug}.${config.MAIN_DOMAIN}${config.TRUST_PROXY || config.PORT === 80 ? '' : `:${config.PORT}`}`;
  const escalation = createOrderEscalation({
    db,
    now: deps.now,
    live,
    onMailQueued: () => outbox.poke(),
    onStorefrontChanged: (tenantId) => app.invalidateStorefront(tenantId),
    log: app.log,
    originOf: workerOrigin,
  });
  // Operators' restaurant management; expired trials fall back to the base plan in the background (server.ts starts it).
  const invalidateHost = (slug: string) => app.tenants.invalidate(slug);
  const platformTenants = createPlatformTenantsService({ db, plans, uploads, now: deps.now, onMailQueued: () => outbox.poke(), invalidate: invalidateHost });
  const trials = createTrialSweep({ db, now: deps.now, onMailQueued: () => outbox.poke(), invalidate: invalidateHost, log: app.log, originOf: workerOrigin });
  const registration = createRegistrationService({
    db,
    auth,
    autoApprove: config.REGISTRATION_AUTO_APPROVE,
    onTenantCreated: (slug) => app.tenants.invalidate(slug),
    listingImport: () => listingImport,
  });
  const listingImport = createListingImportService({
    db,
    plans,
    uploads,
    allowPrivate: config.IMPORT_ALLOW_PRIVATE_ADDRESSES,
    checkDomain: (domain) => registration.checkDomain(domain),
    log: app.log,
  });
  const lifecycle: Lifecycle = { draining: false };
  await app.register(healthRoutes, { lifecycle });
  await app.register(authRoutes, { auth, mainDomain: config.MAIN_DOMAIN, loginPerMinute: config.LOGIN_MAX_PER_IP_PER_MINUTE });
  await app.register(profileRoutes, { profile: createProfileService({ db, uploads, authRepo: auth.repo }) });
  await app.register(registrationRoutes, { registration, mainDomain: config.MAIN_DOMAIN });
  await app.register(listingImportRoutes, { listingImport, perMinute: 10 });
  await app.register(platformRoutes, { db, platformTenants });
  await app.register(platformTenantsRoutes, { platformTenants, mainDomain: config.MAIN_DOMAIN });
  const storefrontReads = createStorefrontReads({ db, now: deps.now });
  await app.register(storefrontRoutes, { db, reads: storefrontReads });
  await app.register(dashboardRoutes, { db, now: deps.now });
  await app.register(plansRoutes, { plans });
  // The marketing site's plans and contact form; contact confirmations go through the platform mailer (no outbox).
  await app.register(marketingRoutes, {
    plans,
    contact: createContactService({ db, mailer, log: app.log, now: deps.now }),
    contactPerMinute: config.LOGIN_MAX_PER_IP_PER_MINUTE,
  });
  await app.register(domainsRoutes, {
    domains: createDomainsService({
      db,
      mainDomain: config.MAIN_DOMAIN,
      plans,
      verifier: deps.domainVerifier ?? createDnsVerifier(),
      onChanged: () => app.tenants.invalidateDomains(),
      now: deps.now,
    }),
    verifyPerMinute: config.LOGIN_MAX_PER_IP_PER_MINUTE,
  });
  await app.register(menuRoutes, { menu: createMenuService({ db, uploads, plans }) });
  await app.register(optionGroupsRoutes, { optionGroups: createOptionGroupsService({ db }) });
  await app.register(stockRoutes, { stock: createStockService({ db }) });
  await app.register(couponsRoutes, { coupons: createCouponsService({ db }) });
  await app.register(taxesRoutes, { taxes: createTaxesService({ db }) });
  await app.register(settingsRoutes, { settings: createSettingsService({ db, onTenantChanged: (slug) => app.tenants.invalidate(slug) }) });
  await app.register(requestsRoutes, { requests: createRequestsService({ db, secrets, now: deps.now, onMailQueued: () => outbox.poke(), live }) });
  await app.register(guestReservationsRoutes, { guests: createGuestReservationsService({ db, now: deps.now, onMailQueued: () => outbox.poke(), live }) });
  await app.register(reservationSetupRoutes, { setup: createSetupService({ db, now: deps.now }) });
  await app.register(orderingRoutes, { ordering: createOrderingService({ db, now: deps.now, live }) });
  const inbox = createInboxService({ db, secrets, onMailQueued: () => outbox.poke(), live, now: deps.now });
  await app.register(inboxRoutes, { inbox, mainDomain: config.MAIN_DOMAIN });
  await app.register(staffReservationsRoutes, {
    staff: createStaffReservationsService({ db, secrets, inbox, onMailQueued: () => outbox.poke(), live }),
    mainDomain: config.MAIN_DOMAIN,
  });
  const appearance = createAppearanceService({ db, uploads });
  await app.register(appearanceRoutes, { appearance });
  await app.register(mailSettingsRoutes, { mailSettings });
  await app.register(mailLogRoutes, { mailLog: createMailLogService({ db, onMailQueued: () => outbox.poke() }) });
  await app.register(teamRoutes, {
    team: createTeamService({ db, plans, authRepo: auth.repo, mailer, onMailQueued: () => outbox.poke() }),
    auth,
    mainDomain: config.MAIN_DOMAIN,
    loginPerMinute: config.LOGIN_MAX_PER_IP_PER_MINUTE,
  });
  const cms = createCmsService({ db });
  await app.register(cmsRoutes, { cms });
  await app.register(customersRoutes, { customers: createCustomersService({ db, live, now: deps.now }) });
  await app.register(bulletinRoutes, { bulletin: createBulletinService({ db, live }) });
  await app.register(notificationsRoutes, {
    notifications: createNotificationsService({ db, live }),
    live,
    authRepo: auth.repo,
    heartbeatSeconds: config.LIVE_HEARTBEAT_SECONDS,
    sessionCheckSeconds: config.LIVE_SESSION_CHECK_SECONDS,
  });
  await app.register(seoRoutes, { seo: createSeoService({ db }) });
  await app.register(webRoutes, {
    webDist: config.WEB_DIST,
    uploads,
    mainDomain: config.MAIN_DOMAIN,
    warmUp: config.NODE_ENV !== 'test',
    platformBoot: async () => ({ plans: await plans.list() }),
    storefrontPageExists: async (tenantId, pathname) => {
      const [, kind, key] = /^\/(p|order)\/([^/]+)\/?$/.exec(pathname) ?? [];
      if (!key) return true;
      const lookup = kind === 'p' ? cms.publicPage(tenantId, key, 'en') : orders.track(tenantId, key);
      return lookup.then(
        () => true,
        (error: unknown) => !(error instanceof AppError && error.code === 'NOT_FOUND'),
      );
    },
    storefrontBoot: async (tenantId, { menu }) => {
      const [{ settings, details }, looks] = await Promise.all([storefrontReads.header(tenantId), appearance.getPublic(tenantId)]);
      if (!menu) return { settings, details, appearance: looks };
      // The category tabs and the unfiltered first page, from the micro-cache as the API answers them.
      const [categories, products] = await Promise.all([cachedCategories(app, db, tenantId), cachedProductPage(app, storefrontReads, tenantId, ZPublicProductsQuery.parse({}))]);
      const dataOf = <T,>(cached: { body: Buffer }) => (JSON.parse(cached.body.toString()) as { data: T }).data;
      return { settings, details, appearance: looks, categories: dataOf<NonNullable<TStorefrontBoot['categories']>>(categories), products: dataOf<NonNullable<TStorefrontBoot['products']>>(products) };
    },
  });

  app.decorate('authRepo', auth.repo);
  app.decorate('outbox', outbox);
  app.decorate('orders', orders);
  app.decorate('escalation', escalation);
  app.decorate('trials', trials);
  app.decorate('live', live);
  app.decorate('bus', bus);
  app.decorate('lifecycle', lifecycle);
  app.decorate('plans', plans);
  app.addHook('onClose', () => outbox.stop());
  app.addHook('onClose', () => escalation.stop());
  app.addHook('onClose', () => trials.stop());
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    authRepo: ReturnType<typeof createAuthService>['repo'];
    outbox: Outbox;
    orders: OrdersService;
    escalation: OrderEscalation;
    trials: TrialSweep;
    live: LiveEvents;
    bus: Bus;
    lifecycle: Lifecycle;
    plans: PlansService;
    routeTable: readonly RouteEntry[];
  }
}
