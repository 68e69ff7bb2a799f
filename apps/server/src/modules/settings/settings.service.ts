import { CURRENCY_SYMBOLS } from '@tavolo/contracts/currencies';
import { AppError } from '@tavolo/contracts/errors';
import type { TRestaurantSettings, TRestaurantSettingsUpdate } from '@tavolo/contracts/settings';
import type { Db } from '../../db/client.ts';
import { tenantContactColumns } from '../../lib/tenant-contact.ts';
import { createSettingsRepo, inSettingsTransaction, type SettingsRepo } from './settings.repo.ts';

type Row = NonNullable<Awaited<ReturnType<SettingsRepo['load']>>>;

function toSettings({ tenant: t, settings: s }: Row): TRestaurantSettings {
  return {
    business_name: t.name,
    email: t.email,
    phone: t.phone,
    address: t.address,
    street: t.street,
    postal_code: t.postalCode,
    city: t.city,
    state: t.state,
    country: t.country,
    county: t.county,
    staff_language: t.staffLanguage,
    description: s.description,
    currency: s.currencyCode,
    currency_symbol: s.currencySymbol,
    discount: s.discountPercent,
    pickup_start_end_time: s.pickupStartEndTime,
    is_open: s.isOpen,
    time_zone: s.timeZone,
    opening_hours: [...s.openingHours].sort((a, b) => a.day - b.day),
    order_types: {
      pickup: s.pickupEnabled,
      delivery: s.deliveryEnabled,
      delivery_fee_cents: s.deliveryFeeCents,
      delivery_min_order_cents: s.deliveryMinOrderCents,
    },
    facebook_link: s.facebookLink,
    twitter_link: s.twitterLink,
    linkedin_link: s.linkedinLink,
    google_plus_link: s.googlePlusLink,
    instagram_link: s.instagramLink,
    alert_mail_after_minutes: s.alertMailAfterMinutes,
    auto_pause_after_minutes: s.autoPauseAfterMinutes,
  };
}

/**
 * The code and symbol a save stores. A new code brings its own symbol unless the owner typed another one: a client
 * that sends back the symbol it read (a stale one) while changing the code gets the new currency's symbol.
 */
function currencyToStore(stored: { code: string; symbol: string }, input: Pick<TRestaurantSettingsUpdate, 'currency' | 'currency_symbol'>) {
  const code = input.currency;
  if (!code || code === stored.code) return { currencyCode: stored.code, currencySymbol: input.currency_symbol ?? stored.symbol };
  const typed = input.currency_symbol !== stored.symbol ? input.currency_symbol : undefined;
  return { currencyCode: code, currencySymbol: typed ?? CURRENCY_SYMBOLS[code] };
}

/**
 * The restaurant's own settings. A save writes tenants and tenant_settings in one transaction;
 * `onTenantChanged` runs after the commit so the host cache drops the old name.
 */
export function createSettingsService(deps: { db: Db; onTenantChanged: (slug: string) => void }) {
  const repo = createSettingsRepo(deps.db);

  return {
    async get(tenantId: string): Promise<TRestaurantSettings> {
      const row = await repo.load(tenantId);
      if (!row) throw new AppError('TENANT_NOT_FOUND');
      return toSettings(row);
    },

    async update(tenantId: string, input: TRestaurantSettingsUpdate): Promise<TRestaurantSettings> {
      const slug = await inSettingsTransaction(deps.db, async (tx) => {
        const tenant = await tx.updateTenant(tenantId, {
          name: input.business_name,
          ...tenantContactColumns(input),
          ...(input.staff_language && { staffLanguage: input.staff_language }),
        });
        if (!tenant) throw new AppError('TENANT_NOT_FOUND');
        const stored = await tx.currency(tenantId);
        if (!stored) throw new AppError('TENANT_NOT_FOUND');
        const updated = await tx.updateSettings(tenantId, {
          description: input.description,
          ...currencyToStore(stored, input),
          discountPercent: input.discount,
          pickupStartEndTime: input.pickup_start_end_time,
          isOpen: input.is_open,
          timeZone: input.time_zone,
          openingHours: [...input.opening_hours].sort((a, b) => a.day - b.day),
          pickupEnabled: input.order_types.pickup,
          deliveryEnabled: input.order_types.delivery,
          deliveryFeeCents: input.order_types.delivery_fee_cents,
          deliveryMinOrderCents: input.order_types.delivery_min_order_cents,
          facebookLink: input.facebook_link,
          twitterLink: input.twitter_link,
          linkedinLink: input.linkedin_link,
          googlePlusLink: input.google_plus_link,
          instagramLink: input.instagram_link,
          alertMailAfterMinutes: input.alert_mail_after_minutes,
          autoPauseAfterMinutes: input.auto_pause_after_minutes,
          // Opening again ends an automatic pause (the orders page's banner goes away).
          ...(input.is_open ? { autoPausedAt: null } : {}),
        });
        if (updated !== 1) throw new AppError('TENANT_NOT_FOUND');
        return tenant.slug;
      });
      deps.onTenantChanged(slug);
      return this.get(tenantId);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
