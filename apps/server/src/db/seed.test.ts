import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays, localClock } from '@tavolo/contracts/time';
import { describeEachDb, useTestApp } from '../test/harness.ts';
import { DEMO_TIME_ZONE, OTHER_RESTAURANTS } from './seed.ts';
import { orders, reservations, tenantSettings, tenants } from './schema/index.ts';

describeEachDb('demo seed', (kind) => {
  const t = useTestApp(kind, { seed: true });
  const demoId = async () => (await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo')))[0]!.id;

  it("each seeded restaurant is on its city's clock, not UTC", async () => {
    const rows = await t.db.select({ slug: tenants.slug, timeZone: tenantSettings.timeZone }).from(tenants).innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id));
    expect(Object.fromEntries(rows.map((r) => [r.slug, r.timeZone]))).toEqual({
      demo: 'America/New_York',
      ...Object.fromEntries(OTHER_RESTAURANTS.map((r) => [r.slug, r.timeZone])),
    });
  });

  it("reservations and past orders are on New York's calendar and clock", async () => {
    const tenantId = await demoId();
    const today = localClock(DEMO_TIME_ZONE).date;
    const dates = (await t.db.select({ date: reservations.date }).from(reservations).where(eq(reservations.tenantId, tenantId))).map((r) => r.date).sort();
    // Tomorrow in New York also between midnight UTC and midnight New York.
    expect(dates[0]).toBe(addDays(today, 1));
    const placed = await t.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.tenantId, tenantId));
    // Today's order is an hour old, whatever the hour; the others are from earlier days.
    const history = placed.filter((o) => o.createdAt.getTime() < Date.now() - 2 * 3_600_000);
    const hours = new Set(history.map((o) => localClock(DEMO_TIME_ZONE, o.createdAt).time));
    // Lunch and dinner in New York (the history's hours are the restaurant's).
    expect([...hours].sort()).toEqual(['12:00', '13:00', '18:00', '19:00', '20:00']);
  });
});
