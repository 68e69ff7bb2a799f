import type { TOrderDay } from '@tavolo/contracts/orders';
import type { TOrderingSettings } from '@tavolo/contracts/ordering';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import { addDays, hoursOn, isInTail, isOpenNow, isOvernight, localClock, previousDay, windowsOn, zonedTimeToUtc } from '@tavolo/contracts/time';
import { ruleError } from './rule-error.ts';

/**
 * When an order may be wanted (issue #10): as soon as possible while the kitchen is open, or at a slot of today or a
 * day ahead. Slots run every `slot_interval_minutes` from opening to closing time on the restaurant's clock, no
 * sooner than the preparation time from now; a slot holding `max_orders_per_slot` standing orders is full. An ASAP
 * order counts against the first slot it can be ready by. Pure: the caller passes the clock and the slot counts.
 * Hours past midnight (Fri 18:00–02:00): a date's slots are the previous day's tail (00:00 to its close), then its
 * own hours from their open up to midnight.
 */

export type TimingSettings = Pick<TOrderingSettings, 'asap_enabled' | 'scheduled_enabled' | 'lead_time_minutes' | 'slot_interval_minutes' | 'days_ahead' | 'max_orders_per_slot'>;

export interface TimingContext {
  settings: TimingSettings;
  openingHours: readonly TOpeningDay[];
  timeZone: string;
  now: Date;
  /**
   * Staff paused online orders until then ("busy"): no order as soon as possible, and the kitchen starts on a
   * scheduled one no sooner than that, so its slots begin a preparation time after it. Absent for phone orders.
   */
  pausedUntil?: Date | null;
}

/** Standing orders per slot instant (ms since epoch). */
export type SlotCounts = ReadonlyMap<number, number>;

const MINUTE = 60_000;
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The days the checkout may offer, today first: from `now` to the last day ahead. */
export function timingWindow({ settings, timeZone, now }: TimingContext): { from: Date; until: Date } {
  const today = localClock(timeZone, now).date;
  return { from: new Date(now.getTime() - MINUTE), until: zonedTimeToUtc(addDays(today, settings.days_ahead + 1), '00:00', timeZone) };
}

/** While paused, the kitchen takes up new orders at the pause's end instead of now. */
const startsAt = (ctx: TimingContext) => Math.max(ctx.now.getTime(), ctx.pausedUntil?.getTime() ?? 0);
const isPaused = (ctx: TimingContext) => !!ctx.pausedUntil && ctx.pausedUntil > ctx.now;

const isFull = (ctx: TimingContext, counts: SlotCounts, at: Date) => ctx.settings.max_orders_per_slot !== null && (counts.get(at.getTime()) ?? 0) >= ctx.settings.max_orders_per_slot;

/** Every slot of a date (its open stretches on the slot grid, midnight excluded: that is the next date's 00:00). */
function slotGrid(ctx: TimingContext, date: string): { time: string; start: number }[] {
  const out = new Map<number, number>();
  for (const w of windowsOn(ctx.openingHours, weekday(date))) {
    for (let m = w.start; m <= w.end && m < 1440; m += ctx.settings.slot_interval_minutes) if (!out.has(m)) out.set(m, w.start);
  }
  return [...out].sort(([a], [b]) => a - b).map(([m, start]) => ({ time: toTime(m), start }));
}

/** Every slot of a day at or after the earliest ready time, with whether it is full. */
function slotsOf(ctx: TimingContext, date: string, counts: SlotCounts): { time: string; at: Date; full: boolean }[] {
  const earliest = startsAt(ctx) + ctx.settings.lead_time_minutes * MINUTE;
  const out: { time: string; at: Date; full: boolean }[] = [];
  for (const { time } of slotGrid(ctx, date)) {
    const at = zonedTimeToUtc(date, time, ctx.timeZone);
    if (at.getTime() >= earliest) out.push({ time, at, full: isFull(ctx, counts, at) });
  }
  return out;
}

/** Days with at least one slot, for the checkout's "schedule for later". */
export function orderDays(ctx: TimingContext, counts: SlotCounts): TOrderDay[] {
  if (!ctx.settings.scheduled_enabled) return [];
  const today = localClock(ctx.timeZone, ctx.now).date;
  const days: TOrderDay[] = [];
  for (let i = 0; i <= ctx.settings.days_ahead; i++) {
    const date = addDays(today, i);
    const slots = slotsOf(ctx, date, counts).map(({ time, full }) => ({ time, full }));
    if (slots.length) days.push({ date, slots });
  }
  return days;
}

/** The slot an ASAP order counts against, or why there is none: closed now, or switched off. */
export function asapSlot(
  ctx: TimingContext,
  counts: SlotCounts,
): { at: Date; full: boolean } | { closed: { open: string; close: string } | null } | { lastOrders: string } | { pausedUntil: Date } | null {
  if (!ctx.settings.asap_enabled) return null;
  if (isPaused(ctx)) return { pausedUntil: ctx.pausedUntil! };
  const clock = localClock(ctx.timeZone, ctx.now);
  const today = hoursOn(ctx.openingHours, clock.day);
  if (!isOpenNow(ctx.openingHours, clock.day, clock.time)) return { closed: today };
  // When the open stretch ends: yesterday's tail closes today, an overnight day tomorrow, any other day today.
  const yesterday = hoursOn(ctx.openingHours, previousDay(clock.day));
  const tail = isInTail(yesterday, clock.time);
  const hours = tail ? yesterday! : today!;
  const closeDate = !tail && isOvernight(hours) ? addDays(clock.date, 1) : clock.date;
  const closesAt = zonedTimeToUtc(closeDate, hours.close, ctx.timeZone);
  // The kitchen needs the preparation time before it closes: later, an order would be ready after closing. A day
  // that runs to 23:59 into a day that opens at 00:00 (around the clock) does not close.
  const nextOpen = hoursOn(ctx.openingHours, weekday(addDays(closeDate, 1)));
  const runsOn = hours.close === '23:59' && nextOpen !== null && nextOpen.open === '00:00';
  if (!runsOn && ctx.now.getTime() + ctx.settings.lead_time_minutes * MINUTE > closesAt.getTime()) {
    return { lastOrders: localClock(ctx.timeZone, new Date(closesAt.getTime() - ctx.settings.lead_time_minutes * MINUTE)).time };
  }
  // The first slot of this stretch the order can be ready by; after the last one, the closing time itself.
  const candidates = closeDate === clock.date ? slotsOf(ctx, clock.date, counts) : [...slotsOf(ctx, clock.date, counts), ...slotsOf(ctx, closeDate, counts)];
  const slot = candidates.find((c) => c.at.getTime() <= closesAt.getTime());
  const at = slot?.at ?? closesAt;
  return { at, full: slot?.full ?? isFull(ctx, counts, at) };
}

/**
 * Checks the time a guest asked for against every rule and answers the instant to store (null: as soon as
 * possible) and the slot it counts against. Broken rules answer 422 on `requested_time` or `requested_date`.
 */
export function checkRequestedTime(ctx: TimingContext, counts: SlotCounts, date: string | undefined, time: string | null | undefined): { requestedTime: Date | null; slotAt: Date } {
  const clock = localClock(ctx.timeZone, ctx.now);
  if (!time) {
    const asap = asapSlot(ctx, counts);
    if (!asap) throw ruleError('requested_time', 'ordering.checkout.asap_off');
    if ('closed' in asap) {
      if (!asap.closed) throw ruleError('requested_time', 'orders.errors.closed_today');
      throw ruleError('requested_time', 'orders.validation.closed_now', asap.closed);
    }
    if ('pausedUntil' in asap) throw ruleError('requested_time', 'ordering.checkout.paused_until', { time: localClock(ctx.timeZone, asap.pausedUntil).time });
    if ('lastOrders' in asap) throw ruleError('requested_time', 'ordering.checkout.last_orders', { time: asap.lastOrders, minutes: ctx.settings.lead_time_minutes });
    if (asap.full) throw ruleError('requested_time', 'ordering.checkout.slot_full', { time: localClock(ctx.timeZone, asap.at).time });
    return { requestedTime: null, slotAt: asap.at };
  }
  if (!ctx.settings.scheduled_enabled) throw ruleError('requested_time', 'ordering.checkout.scheduled_off');
  const day = date ?? clock.date;
  if (day < clock.date) throw ruleError('requested_date', 'orders.validation.time_past');
  if (day > addDays(clock.date, ctx.settings.days_ahead)) throw ruleError('requested_date', 'ordering.checkout.too_far_ahead', { days: ctx.settings.days_ahead });
  const windows = windowsOn(ctx.openingHours, weekday(day));
  if (!windows.length) throw ruleError('requested_date', 'ordering.checkout.day_closed');
  const minute = toMinutes(time);
  const window = windows.find((w) => minute >= w.start && minute <= w.end && minute < 1440);
  if (!window) {
    // The date's own hours, else the stretch it has from the night before (00:00 to that close).
    const own = windows.find((w) => !w.tail);
    throw ruleError('requested_time', 'orders.validation.time_outside_hours', own ? own.hours : { open: '00:00', close: windows[0]!.hours.close });
  }
  if ((minute - window.start) % ctx.settings.slot_interval_minutes !== 0) throw ruleError('requested_time', 'ordering.checkout.not_a_slot');
  const at = zonedTimeToUtc(day, time, ctx.timeZone);
  if (at.getTime() <= ctx.now.getTime()) throw ruleError('requested_time', 'orders.validation.time_past');
  const earliest = slotsOf(ctx, day, counts)[0];
  if (at.getTime() < startsAt(ctx) + ctx.settings.lead_time_minutes * MINUTE) {
    if (!earliest) throw ruleError('requested_time', 'orders.errors.closed_for_today');
    if (isPaused(ctx)) {
      throw ruleError('requested_time', 'ordering.checkout.paused_too_soon', { until: localClock(ctx.timeZone, ctx.pausedUntil!).time, earliest: earliest.time });
    }
    throw ruleError('requested_time', 'ordering.checkout.too_soon', { minutes: ctx.settings.lead_time_minutes, earliest: earliest.time });
  }
  if (isFull(ctx, counts, at)) throw ruleError('requested_time', 'ordering.checkout.slot_full', { time });
  return { requestedTime: at, slotAt: at };
}
