import { AppError } from '@tavolo/contracts/errors';
import { MAX_DELIVERY_ZONES, type TDeliveryZone, type TOrderingPause, type TOrderingSettings, type TPauseOrdering, type ZDeliveryZoneInput } from '@tavolo/contracts/ordering';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { toOrderingSettings, type DeliveryZoneRow } from '../orders/rules.repo.ts';
import { createOrderingRepo, inOrderingTransaction, type OrderingRepo } from './ordering.repo.ts';

type ZoneInput = z.output<typeof ZDeliveryZoneInput>;

const field = (name: string, key: string, params?: Record<string, string | number>) => new AppError('VALIDATION', 'errors.validation', { [name]: [key] }, params);

function toZone(row: DeliveryZoneRow): TDeliveryZone {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    postal_codes: row.postalCodes,
    radius_meters: row.radiusMeters,
    fee_cents: row.feeCents,
    min_order_cents: row.minOrderCents,
    is_active: row.isActive,
    sort_order: row.sortOrder,
  };
}

function publicSettings(s: ReturnType<typeof toOrderingSettings>): TOrderingSettings {
  return {
    asap_enabled: s.asap_enabled,
    scheduled_enabled: s.scheduled_enabled,
    lead_time_minutes: s.lead_time_minutes,
    slot_interval_minutes: s.slot_interval_minutes,
    days_ahead: s.days_ahead,
    max_orders_per_slot: s.max_orders_per_slot,
    tips_enabled: s.tips_enabled,
    tip_presets: s.tip_presets,
    location: s.location,
  };
}

/** A zone's columns: a postal-code zone keeps no radius, a radius zone no codes. */
function zoneValues(input: ZoneInput) {
  return {
    name: input.name,
    kind: input.kind,
    postalCodes: input.kind === 'postal_codes' ? [...new Set(input.postal_codes)] : [],
    radiusMeters: input.kind === 'radius' ? input.radius_meters : null,
    feeCents: input.fee_cents,
    minOrderCents: input.min_order_cents,
    isActive: input.is_active,
  };
}

/**
 * The dashboard's ordering rules (issue #10): timing, throttling, tips and location; delivery zones; the "busy"
 * pause. The checkout reads the same rows through modules/orders/rules.repo.ts.
 */
export function createOrderingService({ db, now = () => new Date(), live }: { db: Db; now?: () => Date; live?: LiveEvents }) {
  const repo = createOrderingRepo(db);

  const radiusNeedsLocation = async (r: OrderingRepo, tenantId: string, input: ZoneInput) => {
    if (input.kind === 'radius' && !toOrderingSettings(await r.settingsRow(tenantId)).location) throw field('radius_meters', 'ordering.zones.location_required');
  };

  return {
    async settings(tenantId: string): Promise<TOrderingSettings> {
      return publicSettings(toOrderingSettings(await repo.settingsRow(tenantId)));
    },

    async saveSettings(tenantId: string, input: TOrderingSettings): Promise<TOrderingSettings> {
      const row = await inOrderingTransaction(db, async (r) => {
        if (!(await r.lockTenant(tenantId))) throw new AppError('TENANT_NOT_FOUND');
        if (!input.location && (await r.radiusZones(tenantId)) > 0) throw field('location', 'ordering.zones.location_in_use');
        return r.saveSettings(tenantId, {
          asapEnabled: input.asap_enabled,
          scheduledEnabled: input.scheduled_enabled,
          leadTimeMinutes: input.lead_time_minutes,
          slotIntervalMinutes: input.slot_interval_minutes,
          daysAhead: input.days_ahead,
          maxOrdersPerSlot: input.max_orders_per_slot,
          tipsEnabled: input.tips_enabled,
          tipPresets: input.tip_presets,
          latitude: input.location?.latitude ?? null,
          longitude: input.location?.longitude ?? null,
        });
      });
      return publicSettings(toOrderingSettings(row));
    },

    async zones(tenantId: string): Promise<TDeliveryZone[]> {
      return (await repo.zones(tenantId)).map(toZone);
    },

    async createZone(tenantId: string, input: ZoneInput): Promise<TDeliveryZone> {
      return inOrderingTransaction(db, async (r) => {
        if (!(await r.lockTenant(tenantId))) throw new AppError('TENANT_NOT_FOUND');
        const stats = await r.zoneStats(tenantId);
        if (stats.count >= MAX_DELIVERY_ZONES) throw new AppError('VALIDATION', 'ordering.zones.too_many', undefined, { max: MAX_DELIVERY_ZONES });
        await radiusNeedsLocation(r, tenantId, input);
        return toZone(await r.insertZone(tenantId, { ...zoneValues(input), sortOrder: stats.lastSort + 1 }));
      });
    },

    async updateZone(tenantId: string, id: string, input: ZoneInput): Promise<TDeliveryZone> {
      return inOrderingTransaction(db, async (r) => {
        if (!(await r.lockTenant(tenantId))) throw new AppError('TENANT_NOT_FOUND');
        if (!(await r.zone(tenantId, id))) throw new AppError('NOT_FOUND');
        await radiusNeedsLocation(r, tenantId, input);
        return toZone((await r.updateZone(tenantId, id, zoneValues(input)))!);
      });
    },

    async deleteZone(tenantId: string, id: string): Promise<void> {
      if (!(await repo.deleteZone(tenantId, id))) throw new AppError('NOT_FOUND');
    },

    /** The order zones are tried in: every zone of the restaurant exactly once. */
    async reorderZones(tenantId: string, ids: string[]): Promise<TDeliveryZone[]> {
      return inOrderingTransaction(db, async (r) => {
        if (!(await r.lockTenant(tenantId))) throw new AppError('TENANT_NOT_FOUND');
        const existing = new Set((await r.zones(tenantId)).map((z) => z.id));
        const unique = new Set(ids);
        if (unique.size !== ids.length || unique.size !== existing.size || ids.some((id) => !existing.has(id))) throw field('ids', 'ordering.zones.reorder_mismatch');
        for (const [i, id] of ids.entries()) await r.updateZone(tenantId, id, { sortOrder: i });
        return (await r.zones(tenantId)).map(toZone);
      });
    },

    async pause(tenantId: string): Promise<TOrderingPause> {
      const [row, timeZone] = await Promise.all([repo.settingsRow(tenantId), repo.timeZone(tenantId)]);
      if (!timeZone) throw new AppError('TENANT_NOT_FOUND');
      const until = row?.pausedUntil;
      return { paused_until: until && until > now() ? until.toISOString() : null, time_zone: timeZone };
    },

    /** "Busy? Pause online orders": for `minutes` from now, or resume now (null). Open dashboards refresh. */
    async setPause(tenantId: string, input: TPauseOrdering): Promise<TOrderingPause> {
      const until = input.minutes === null ? null : new Date(now().getTime() + input.minutes * 60_000);
      await repo.setPausedUntil(tenantId, until);
      live?.publish(tenantId, { topics: ['orders'] });
      return this.pause(tenantId);
    },
  };
}
export type OrderingService = ReturnType<typeof createOrderingService>;
