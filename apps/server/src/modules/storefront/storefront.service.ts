import { AppError } from '@tavolo/contracts/errors';
import type { TPublicSettings, TTenantDetails } from '@tavolo/contracts/storefront';
import { hoursOn, localClock } from '@tavolo/contracts/time';
import type { Db } from '../../db/client.ts';
import { createRulesRepo } from '../orders/rules.repo.ts';
import { createStorefrontRepo } from './storefront.repo.ts';

/** The restaurant's public settings and header card: read by their API routes and inlined into index.html (modules/web). */
export function createStorefrontReads({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repo = createStorefrontRepo(db);
  const rules = createRulesRepo(db);

  const load = async (tenantId: string) => {
    const row = await repo.settings(tenantId);
    if (!row) throw new AppError('TENANT_NOT_FOUND');
    return row;
  };

  return {
    async settings(tenantId: string): Promise<TPublicSettings> {
      const { tenants: t, tenant_settings: s } = await load(tenantId);
      return {
        email: t.email,
        phone: t.phone,
        discount: s.discountPercent,
        description: s.description,
        address: [t.address, t.street, `${t.postalCode} ${t.city}`].filter(Boolean).join(', '),
        currency_symbol: s.currencySymbol,
        facebook_link: s.facebookLink,
        twitter_link: s.twitterLink,
        linkedin_link: s.linkedinLink,
        google_plus_link: s.googlePlusLink,
        instagram_link: s.instagramLink,
      };
    },

    async details(tenantId: string): Promise<TTenantDetails> {
      const { tenants: t, tenant_settings: s } = await load(tenantId);
      const { paused_until: pausedUntil } = await rules.settings(tenantId);
      const clock = localClock(s.timeZone, now());
      const today = hoursOn(s.openingHours, clock.day);
      return {
        logo: s.logo,
        business_name: t.name,
        // A restaurant on a trial is open like an active one.
        is_active: (t.status === 'active' || t.status === 'trial') && s.isOpen,
        address: [t.address, t.street, `${t.postalCode} ${t.city}`].filter(Boolean).join(', '),
        country: t.country,
        pickup_start_end_time: s.pickupStartEndTime,
        currency_symbol: s.currencySymbol,
        open_now: today !== null && clock.time >= today.open && clock.time < today.close,
        today_hours: today,
        paused_until: pausedUntil && pausedUntil > now() ? pausedUntil.toISOString() : null,
        time_zone: s.timeZone,
      };
    },
  };
}

export type StorefrontReads = ReturnType<typeof createStorefrontReads>;
