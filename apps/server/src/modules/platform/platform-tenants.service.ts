import { AppError } from '@tavolo/contracts/errors';
import { translate, type TLanguage } from '@tavolo/contracts/i18n';
import type { TPage } from '@tavolo/contracts/envelope';
import {
  TENANT_TRANSITIONS,
  TRIAL_MAX_DAYS,
  canTransition,
  type TPlatformTenant,
  type TPlatformTenantDetail,
  type TSignupRange,
  type TSignupSeries,
  type TTenantAction,
  type TUpdateTenantRequest,
} from '@tavolo/contracts/platform';
import type { TTenantStatus } from '@tavolo/contracts/tenant';
import type { z } from 'zod';
import type { ZTenantListQuery, ZUpdateTenantRequest } from '@tavolo/contracts/platform';
import type { Db } from '../../db/client.ts';
import type { Origins } from '../auth/auth.service.ts';
import { listTenantDomains } from '../domains/domains.repo.ts';
import { enqueueMail, type TOutboxMail } from '../outbox/outbox.repo.ts';
import type { PlansService } from '../plans/plans.service.ts';
import { createPlatformTenantsRepo, type TenantListRow } from './platform-tenants.repo.ts';
import type { UploadsStore } from '../../lib/uploads/index.ts';
import { tenantUploadsPrefix } from '../../lib/image-upload.ts';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const DAY_MS = 86_400_000;

export interface PlatformTenantsDeps {
  db: Db;
  plans: Pick<PlansService, 'changePlan'>;
  /** Where uploaded images are written and removed (local disk or S3). */
  uploads: UploadsStore;
  now?: () => Date;
  /** Told after a commit that queued mail. */
  onMailQueued?: () => void;
  /** Drops the host cache entry of a restaurant whose status or existence changed. */
  invalidate: (slug: string) => void;
}

/** Who acts, where links point, and the language of the operator's messages. */
export interface ActionContext {
  actorId: string;
  origins: Origins;
  lang: TLanguage;
}

/** Which mail tells the owner about a status change (none for a trial that turns into a paid plan by hand). */
type StatusMail = 'approved' | 'suspended' | 'reactivated' | 'trial_started' | 'trial_ended' | 'plan_premium' | 'plan_free';

/**
 * Mail to the owner about the restaurant's status: queued in the caller's transaction, so it goes out only if the
 * change commits. Written from the platform (site = Tavolo), in the language of the restaurant's other staff mails,
 * unless the caller knows better.
 */
export async function queueStatusMail(
  tx: Db,
  repo: ReturnType<typeof createPlatformTenantsRepo>,
  input: { tenant: { id: string; slug: string; name: string; staffLanguage: TLanguage }; kind: StatusMail; origin: string; reason?: string | null; trialEndsAt?: Date | null; lang?: TLanguage },
) {
  const owner = await repo.owner(input.tenant.id, tx);
  if (!owner) return;
  const params = { restaurant: input.tenant.name, url: input.origin, reason: input.reason ?? '', date: input.trialEndsAt?.toISOString().slice(0, 10) ?? '' };
  const dashboard = { labelKey: 'platform.mail.dashboard_action', url: `${input.origin}/dashboard/home` };
  const mail: TOutboxMail = {
    fromPlatform: true,
    site: 'Tavolo',
    name: owner.name,
    subjectKey: `platform.mail.${input.kind}_subject`,
    subjectParams: params,
    paragraphs: [{ key: `platform.mail.${input.kind}_intro`, params }],
    action: input.kind === 'approved' ? { labelKey: 'platform.mail.storefront_action', url: `${input.origin}/` } : dashboard,
  };
  if (input.kind === 'approved') mail.paragraphs.push({ key: 'platform.mail.approved_dashboard', params: { url: `${input.origin}/dashboard/home` } });
  await enqueueMail(tx, { tenantId: input.tenant.id, to: owner.email, language: input.lang ?? input.tenant.staffLanguage, origin: input.origin, mail });
}

/** The operators' restaurant management: list, view, edit, status actions and deletion (issue #7). */
export function createPlatformTenantsService(deps: PlatformTenantsDeps) {
  const repo = createPlatformTenantsRepo(deps.db);
  const now = () => deps.now?.() ?? new Date();

  const toRow = (r: TenantListRow, origins: Origins): TPlatformTenant => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    url: origins.tenant(r.slug),
    owner: r.owner_email ? { name: r.owner_name ?? '', email: r.owner_email } : null,
    status: r.status,
    plan_id: r.plan_id,
    trial_ends_at: iso(r.trial_ends_at),
    upgrade_requested_at: iso(r.upgrade_requested_at),
    created_at: iso(r.created_at)!,
  });

  async function found(id: string, tx: Db = deps.db, lock = false) {
    const tenant = await repo.byId(id, tx, lock);
    if (!tenant) throw new AppError('NOT_FOUND');
    return tenant;
  }

  /** 409 naming both statuses, e.g. "A restaurant that is suspended cannot be approved." */
  function assertTransition(action: TTenantAction, status: TTenantStatus, lang: TLanguage) {
    if (!canTransition(action, status)) {
      const name = (s: TTenantStatus) => translate(lang, `platform.statuses.${s}`);
      throw new AppError('CONFLICT', `platform.errors.transition_${action}`, undefined, { status: name(status), to: name(TENANT_TRANSITIONS[action].to) });
    }
  }

  function assertTrialEnd(endsAt: Date) {
    const at = now();
    if (endsAt <= at) throw new AppError('VALIDATION', 'errors.validation', { ends_at: ['platform.validation.trial_future'] });
    if (endsAt.getTime() - at.getTime() > TRIAL_MAX_DAYS * DAY_MS) {
      throw new AppError('VALIDATION', 'errors.validation', { ends_at: ['platform.validation.trial_too_long'] }, { max: TRIAL_MAX_DAYS });
    }
  }

  /** One status change: row, history, owner's mail in one transaction; then the host cache. */
  async function transition(
    id: string,
    action: TTenantAction,
    input: ActionContext & { reason?: string; trialEndsAt?: Date },
  ) {
    const to = TENANT_TRANSITIONS[action].to;
    const tenant = await deps.db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      const current = await found(id, tx, true);
      assertTransition(action, current.status, input.lang);
      const at = now();
      let fields: Parameters<typeof repo.setStatus>[1]['fields'] = {};
      let mail: StatusMail;
      if (action === 'suspend') {
        fields = { suspendedReason: input.reason ?? null };
        mail = 'suspended';
      } else if (action === 'start_trial') {
        fields = { trialEndsAt: input.trialEndsAt!, suspendedReason: null };
        mail = 'trial_started';
      } else if (action === 'approve') {
        fields = { suspendedReason: null };
        mail = 'approved';
      } else {
        // Activating a trial ends it: the restaurant stays on its own (base) plan.
        fields = { suspendedReason: null, trialEndsAt: null };
        mail = current.status === 'trial' ? 'trial_ended' : 'reactivated';
      }
      await repo.setStatus(tx, { id, from: current.status, to, at, actorId: input.actorId, reason: input.reason ?? null, fields });
      await queueStatusMail(tx, repo, {
        tenant: current,
        kind: mail,
        origin: input.origins.tenant(current.slug),
        reason: input.reason,
        trialEndsAt: input.trialEndsAt,
      });
      return current;
    });
    deps.invalidate(tenant.slug);
    deps.onMailQueued?.();
  }

  async function detail(id: string, origins: Origins): Promise<TPlatformTenantDetail> {
    const tenant = await found(id);
    const [row, figures, domains, history] = await Promise.all([repo.listRow(id), repo.figures(id), listTenantDomains(deps.db, id), repo.history(id)]);
    const lastActivity = [figures.lastSeen, figures.lastOrder]
      .filter((v): v is string => v !== null)
      .map((v) => new Date(v))
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      ...toRow(row!, origins),
      email: tenant.email,
      phone: tenant.phone,
      address: tenant.address,
      street: tenant.street,
      postal_code: tenant.postalCode,
      city: tenant.city,
      state: tenant.state,
      country: tenant.country,
      county: tenant.county,
      suspended_reason: tenant.suspendedReason,
      status_changed_at: iso(tenant.statusChangedAt),
      domains,
      figures: {
        orders: figures.orders,
        revenue_cents: Number(figures.revenue),
        currency_symbol: figures.currencySymbol ?? '$',
        users: figures.users,
        products: figures.products,
        last_activity_at: lastActivity?.toISOString() ?? null,
      },
      history: history.map((h) => ({
        id: h.id,
        from_status: h.fromStatus,
        to_status: h.toStatus,
        reason: h.reason,
        actor_name: h.actorName,
        created_at: h.createdAt.toISOString(),
      })),
    };
  }

  return {
    repo,

    async list(q: z.output<typeof ZTenantListQuery>, origins: Origins): Promise<TPage<TPlatformTenant>> {
      const { rows, total } = await repo.list({
        search: q.search || undefined,
        status: q.status,
        plan: q.plan,
        upgradeRequested: q.upgrade_requested === undefined ? undefined : q.upgrade_requested === 'true',
        sort: q.sort,
        page: q.page,
        perPage: q.per_page,
      });
      return {
        data: rows.map((r) => toRow(r, origins)),
        total,
        per_page: q.per_page,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
      };
    },

    detail,

    async update(id: string, input: z.output<typeof ZUpdateTenantRequest>, origins: Origins) {
      const { slug, planChanged } = await deps.db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const tenant = await found(id, tx, true);
        if (input.trial_ends_at !== undefined) {
          if (tenant.status !== 'trial') throw new AppError('VALIDATION', 'errors.validation', { trial_ends_at: ['platform.validation.not_on_trial'] });
          if (input.trial_ends_at === null) throw new AppError('VALIDATION', 'errors.validation', { trial_ends_at: ['validation.required'] });
          try {
            assertTrialEnd(new Date(input.trial_ends_at));
          } catch (error) {
            // The same rule as starting a trial, reported on this form's field.
            if (error instanceof AppError && error.errors?.ends_at) throw new AppError('VALIDATION', 'errors.validation', { trial_ends_at: error.errors.ends_at }, error.params);
            throw error;
          }
        }
        const values: Record<string, unknown> = {};
        const map = {
          restaurant_name: 'name',
          email: 'email',
          phone: 'phone',
          address: 'address',
          street: 'street',
          postal_code: 'postalCode',
          city: 'city',
          state: 'state',
          country: 'country',
          county: 'county',
        } as const satisfies Partial<Record<keyof TUpdateTenantRequest, string>>;
        for (const [field, column] of Object.entries(map)) {
          const value = input[field as keyof typeof map];
          if (value !== undefined) values[column] = value;
        }
        if (input.trial_ends_at) values.trialEndsAt = new Date(input.trial_ends_at);
        if (Object.keys(values).length) await repo.update(id, { ...values, updatedAt: now() }, tx);
        const planChanged = Boolean(input.plan_id && input.plan_id !== tenant.planId);
        if (planChanged) {
          await deps.plans.changePlan(id, input.plan_id!, tx);
          // The owner who asked for the upgrade hears that it is there (or that Premium has ended).
          await queueStatusMail(tx, repo, { tenant, kind: input.plan_id === 'premium' ? 'plan_premium' : 'plan_free', origin: origins.tenant(tenant.slug) });
        }
        return { slug: tenant.slug, planChanged };
      });
      // The name travels with the host cache (page titles, mails).
      deps.invalidate(slug);
      if (planChanged) deps.onMailQueued?.();
      return detail(id, origins);
    },

    approve: (id: string, ctx: ActionContext) => transition(id, 'approve', ctx),
    suspend: (id: string, reason: string, ctx: ActionContext) => transition(id, 'suspend', { ...ctx, reason }),
    activate: (id: string, ctx: ActionContext) => transition(id, 'activate', ctx),
    async startTrial(id: string, endsAt: string, ctx: ActionContext) {
      const trialEndsAt = new Date(endsAt);
      assertTrialEnd(trialEndsAt);
      await transition(id, 'start_trial', { ...ctx, trialEndsAt });
    },

    /**
     * Deletes the restaurant and everything it owns (every tenant table cascades), leaving a deletion record;
     * its uploaded files go after the commit. The typed slug must match.
     */
    async delete(id: string, confirmSlug: string, actorId: string) {
      const tenant = await deps.db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const current = await found(id, tx, true);
        if (confirmSlug.trim().toLowerCase() !== current.slug) {
          throw new AppError('VALIDATION', 'errors.validation', { confirm_slug: ['platform.validation.confirm_slug'] });
        }
        await repo.delete(tx, current, actorId);
        return current;
      });
      deps.invalidate(tenant.slug);
      await deps.uploads.deletePrefix(tenantUploadsPrefix(tenant.id));
      return { id: tenant.id, slug: tenant.slug };
    },

    async signups(range: TSignupRange): Promise<TSignupSeries> {
      const at = now();
      const bucket = range === '12m' ? 'month' : 'day';
      const buckets = range === '12m' ? 12 : range === '90d' ? 90 : 30;
      const from =
        bucket === 'month'
          ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - (buckets - 1), 1))
          : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - (buckets - 1)));
      return { range, bucket, points: await repo.signups(from, bucket, buckets) };
    },
  };
}

export type PlatformTenantsService = ReturnType<typeof createPlatformTenantsService>;
