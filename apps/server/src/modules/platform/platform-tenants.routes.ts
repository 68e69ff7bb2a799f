import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { translate } from '@tavolo/contracts/i18n';
import {
  ZDeleteTenantRequest,
  ZStartTrialRequest,
  ZSuspendTenantRequest,
  ZTenantIdParams,
  ZTenantListQuery,
  ZUpdateTenantRequest,
} from '@tavolo/contracts/platform';
import { originsOf } from '../../lib/origins.ts';
import { authOf } from '../../plugins/context.ts';
import type { ActionContext, PlatformTenantsService } from './platform-tenants.service.ts';

const URL_ = '/api/platform/tenants';

/** The operators' restaurants (main domain): look with tenants.view, act with tenants.manage, delete with tenants.delete. */
export const platformTenantsRoutes: FastifyPluginAsyncZod<{ platformTenants: PlatformTenantsService; mainDomain: string }> = async (app, opts) => {
  const service = opts.platformTenants;
  const tags = ['platform'];
  const view = { site: 'platform', permission: 'tenants.view' } as const;
  const manage = { site: 'platform', permission: 'tenants.manage' } as const;
  const origins = (request: FastifyRequest) => originsOf(request, opts.mainDomain);
  const ctx = (request: FastifyRequest): ActionContext => ({ actorId: authOf(request.auth).userId, origins: origins(request), lang: request.lang });
  const done = async (request: FastifyRequest, id: string, key: string) => ({
    success: true,
    data: await service.detail(id, origins(request)),
    message: translate(request.lang, `platform.messages.${key}`),
  });

  app.get(URL_, { schema: { tags, summary: 'Restaurants: search, status and plan filters, sort, pages', querystring: ZTenantListQuery }, config: view }, async (request) => ({
    success: true,
    data: await service.list(request.query, origins(request)),
  }));

  app.get(`${URL_}/:id`, { schema: { tags, summary: 'One restaurant: owner, contact, domains, plan, figures, status history', params: ZTenantIdParams }, config: view }, async (request) => ({
    success: true,
    data: await service.detail(request.params.id, origins(request)),
  }));

  app.patch(
    `${URL_}/:id`,
    { schema: { tags, summary: 'Edit name, contact and address, plan and trial end', params: ZTenantIdParams, body: ZUpdateTenantRequest }, config: manage },
    async (request) => ({
      success: true,
      data: await service.update(request.params.id, request.body, origins(request)),
      message: translate(request.lang, 'platform.messages.updated'),
    }),
  );

  app.post(`${URL_}/:id/approve`, { schema: { tags, summary: 'pending -> active; the owner is told', params: ZTenantIdParams }, config: manage }, async (request) => {
    await service.approve(request.params.id, ctx(request));
    return done(request, request.params.id, 'approved');
  });

  app.post(
    `${URL_}/:id/suspend`,
    { schema: { tags, summary: 'active, trial or pending -> suspended, with a reason shown to the owner', params: ZTenantIdParams, body: ZSuspendTenantRequest }, config: manage },
    async (request) => {
      await service.suspend(request.params.id, request.body.reason, ctx(request));
      return done(request, request.params.id, 'suspended');
    },
  );

  app.post(`${URL_}/:id/activate`, { schema: { tags, summary: 'suspended or trial -> active (a trial ends on the base plan)', params: ZTenantIdParams }, config: manage }, async (request) => {
    await service.activate(request.params.id, ctx(request));
    return done(request, request.params.id, 'activated');
  });

  app.post(
    `${URL_}/:id/start-trial`,
    { schema: { tags, summary: 'pending or active -> trial (Premium) until a date at most 90 days ahead', params: ZTenantIdParams, body: ZStartTrialRequest }, config: manage },
    async (request) => {
      await service.startTrial(request.params.id, request.body.ends_at, ctx(request));
      return done(request, request.params.id, 'trial_started');
    },
  );

  app.delete(
    `${URL_}/:id`,
    {
      schema: { tags, summary: 'Delete the restaurant and all its data; its address typed again confirms', params: ZTenantIdParams, body: ZDeleteTenantRequest },
      config: { site: 'platform', permission: 'tenants.delete' },
    },
    async (request) => ({
      success: true,
      data: await service.delete(request.params.id, request.body.confirm_slug, authOf(request.auth).userId),
      message: translate(request.lang, 'platform.messages.deleted'),
    }),
  );
};
