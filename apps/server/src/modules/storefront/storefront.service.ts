import { servesGuests } from '@tavolo/contracts/tenant';
import { AppError } from '@tavolo/contracts/errors';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TAllergen, TDietTag } from '@tavolo/contracts/ordering';
import { discounted, type TPublicOptionGroup, type TPublicProduct, type TPublicSettings, type ZPublicProductsQuery, type TTenantDetails } from '@tavolo/contracts/storefront';
import { hoursAt, isOpenNow, localClock } from '@tavolo/contracts/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createRulesRepo } from '../orders/rules.repo.ts';
import { createStorefrontRepo } from './storefront.repo.ts';

export type TPublicProductsQueryParsed = z.output<typeof ZPublicProductsQuery>;

/** The restaurant's public settings, header card and menu pages: read by their API routes and inlined into index.html (modules/web). */
export function createStorefrontReads({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repo = createStorefrontRepo(db);
  const rules = createRulesRepo(db);

  const load = async (tenantId: string) => {
    const row = await repo.settings(tenantId);
    if (!row) throw new AppError('TENANT_NOT_FOUND');
    return row;
  };
  type Row = Awaited<ReturnType<typeof load>>;

  const toSettings = ({ tenants: t, tenant_settings: s }: Row): TPublicSettings => {
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
  };

  const toDetails = async ({ tenants: t, tenant_settings: s }: Row, tenantId: string): Promise<TTenantDetails> => {
    const { paused_until: pausedUntil } = await rules.settings(tenantId);
    const clock = localClock(s.timeZone, now());
    // At Sat 01:00 with Fri 18:00–02:00, the hours shown and in force are Friday's.
    const today = hoursAt(s.openingHours, clock.day, clock.time);
    return {
      logo: s.logo,
      business_name: t.name,
      // A restaurant on a trial is open like an active one.
      is_active: servesGuests(t.status) && s.isOpen,
      address: [t.address, t.street, `${t.postalCode} ${t.city}`].filter(Boolean).join(', '),
      country: t.country,
      pickup_start_end_time: s.pickupStartEndTime,
      currency_symbol: s.currencySymbol,
      open_now: isOpenNow(s.openingHours, clock.day, clock.time),
      today_hours: today,
      paused_until: pausedUntil && pausedUntil > now() ? pausedUntil.toISOString() : null,
      time_zone: s.timeZone,
    };
  };

  return {
    async settings(tenantId: string): Promise<TPublicSettings> {
      return toSettings(await load(tenantId));
    },

    async details(tenantId: string): Promise<TTenantDetails> {
      return toDetails(await load(tenantId), tenantId);
    },

    /** Both from one read of the restaurant, for index.html. */
    async header(tenantId: string): Promise<{ settings: TPublicSettings; details: TTenantDetails }> {
      const row = await load(tenantId);
      return { settings: toSettings(row), details: await toDetails(row, tenantId) };
    },

    /** One page of the menu: active dishes of active categories, filtered, sorted, with their option groups. */
    async products(tenantId: string, q: TPublicProductsQueryParsed): Promise<TPage<TPublicProduct>> {
      const { rows, total } = await repo.products(tenantId, {
        categoryId: q.category_id,
        search: q.search,
        diet: q.diet,
        allergenFree: q.allergen_free,
        sort: q.sort,
        page: q.page,
        perPage: q.per_page,
      });
      // The page's option groups in two statements, whatever the page size; only active options, and only groups that still have one.
      const links = await rules.optionGroupsOf(
        tenantId,
        rows.map((r) => r.product.id),
      );
      const groupsOf = new Map<string, TPublicOptionGroup[]>();
      for (const l of links) {
        const options = l.options.filter((o) => o.isActive).map((o) => ({ id: o.id, name: o.name, price_delta_cents: o.priceDeltaCents }));
        if (!options.length) continue;
        const list = groupsOf.get(l.productId) ?? [];
        list.push({ id: l.groupId, name: l.name, min_select: l.minSelect, max_select: l.maxSelect, options });
        groupsOf.set(l.productId, list);
      }
      const data: TPage<TPublicProduct> = {
        data: rows.map(({ product: p, categoryName }) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          price_cents: p.priceCents,
          discount: p.discountPercent,
          final_price_cents: discounted(p.priceCents, p.discountPercent),
          image: p.image,
          category_id: p.categoryId,
          category: { name: categoryName },
          is_active: p.isActive,
          available: !p.trackStock || p.stockQuantity > 0,
          rating: p.rating,
          allergens: p.allergens as TAllergen[],
          diet_tags: p.dietTags as TDietTag[],
          option_groups: groupsOf.get(p.id) ?? [],
        })),
        total,
        per_page: q.per_page,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
      };
      return data;
    },
  };
}

export type StorefrontReads = ReturnType<typeof createStorefrontReads>;
