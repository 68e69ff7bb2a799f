import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { registerRestaurant } from '../support/restaurant.ts';

const browser = useBrowser();

interface Zone {
  name: string;
  kind: string;
  postal_codes: string[];
  radius_meters: number | null;
  fee_cents: number;
  min_order_cents: number;
  sort_order: number;
}

describe('ordering rules page and the busy pause (issue #10)', () => {
  const slug = uniqueSlug('or');

  it('an owner sets timing, tips and location, adds and reorders delivery zones, then pauses and resumes online orders', async () => {
    const { context, page } = await browser.newPage({ language: 'en' });
    await registerRestaurant(page, { name: 'Rules Kitchen', slug });

    await page.goto(url('/dashboard/ordering', slug));
    await page.getByText('No delivery zones yet').waitFor();

    // Timing and tips: 1 day ahead, at most 3 orders a 30-minute slot, tips 5/10/18 %.
    await page.getByLabel('Days ahead').fill('1');
    await page.getByRole('switch', { name: /Limit orders per slot/ }).check({ force: true });
    await page.getByLabel('Maximum orders per slot').fill('3');
    await page.getByRole('textbox', { name: 'Slot length' }).click();
    await page.getByRole('option', { name: 'Every 30 minutes' }).click();
    // By keyboard: at the foot of the screen the sticky Save bar lies over the switch.
    await page.getByRole('switch', { name: 'Ask for tips' }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('switch', { name: 'Ask for tips' }).isChecked()).toBe(true);
    const presets = page.getByRole('textbox', { name: 'Percentages offered' });
    await presets.fill('18');
    await presets.press('Enter');
    await page.getByRole('button', { name: 'Save ordering rules' }).click();
    await expect.poll(async () => (await call<{ days_ahead: number }>(page, 'GET', '/tenant/ordering-settings')).body.data.days_ahead, { timeout: 10_000 }).toBe(1);
    const settings = (await call<Record<string, unknown>>(page, 'GET', '/tenant/ordering-settings')).body.data;
    expect(settings).toMatchObject({ days_ahead: 1, max_orders_per_slot: 3, slot_interval_minutes: 30, tips_enabled: true, tip_presets: [5, 10, 15, 18] });
    // A change not saved yet says so beside the Save button; Discard goes back to what was just saved.
    const unsaved = page.getByText('You have unsaved changes.');
    await unsaved.waitFor({ state: 'detached' });
    await page.getByLabel('Days ahead').fill('5');
    await page.getByLabel('Days ahead').press('Tab');
    await unsaved.waitFor();
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await unsaved.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Days ahead').inputValue()).toMatch(/^1\b/);

    // A radius zone needs the restaurant's location: the server says so on the radius field.
    await page.getByRole('button', { name: 'Add zone' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ring');
    await dialog.getByText('Distance', { exact: true }).click();
    // A radius past 100 km stays as typed and is named on leaving the field (not cut to 100 without a word).
    await dialog.getByLabel('Radius').fill('500');
    await dialog.getByLabel('Radius').press('Tab');
    expect(await dialog.getByLabel('Radius').inputValue()).toBe('500 km');
    await expect.poll(() => dialog.getByText('Must be at most 100 km.').isVisible()).toBe(true);
    await dialog.getByLabel('Radius').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText("Set the restaurant's location first: a radius zone is measured from it.").waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // A postal-code zone with fee and minimum.
    await page.getByRole('button', { name: 'Add zone' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Centre');
    const codes = dialog.getByRole('textbox', { name: 'Postal codes' });
    await codes.fill('10115');
    await codes.press('Enter');
    await codes.fill('101*');
    await codes.press('Enter');
    // A fee of -2 stays as typed and is named on leaving the field (it showed '-2.00' and became 0.00 without a word).
    await dialog.getByLabel('Delivery fee').fill('-2');
    await dialog.getByLabel('Delivery fee').press('Tab');
    expect(await dialog.getByLabel('Delivery fee').inputValue()).toBe('-2.00');
    await expect.poll(() => dialog.getByText('Must be at least €0.00.').isVisible()).toBe(true);
    await dialog.getByLabel('Delivery fee').fill('2.50');
    await dialog.getByLabel('Minimum order').fill('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('10115, 101*').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // With a location, the radius zone is accepted; then it moves to the top.
    await page.getByLabel('Latitude').fill('52.52');
    await page.getByLabel('Longitude').fill('13.405');
    await page.getByRole('button', { name: 'Save ordering rules' }).click();
    await expect.poll(async () => (await call<{ location: unknown }>(page, 'GET', '/tenant/ordering-settings')).body.data.location, { timeout: 10_000 }).toEqual({ latitude: 52.52, longitude: 13.405 });
    await page.getByRole('button', { name: 'Add zone' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ring');
    await dialog.getByText('Distance', { exact: true }).click();
    await dialog.getByLabel('Radius').fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Within 3 km').waitFor();
    await page.getByRole('button', { name: 'Move Ring up' }).click();
    await expect
      .poll(async () => (await call<Zone[]>(page, 'GET', '/tenant/delivery-zones')).body.data.map((z) => [z.name, z.sort_order]), { timeout: 10_000 })
      .toEqual([
        ['Ring', 0],
        ['Centre', 1],
      ]);
    const zones = (await call<Zone[]>(page, 'GET', '/tenant/delivery-zones')).body.data;
    expect(zones[1]).toMatchObject({ kind: 'postal_codes', postal_codes: ['10115', '101*'], fee_cents: 250, min_order_cents: 1500 });
    expect(zones[0]).toMatchObject({ kind: 'radius', radius_meters: 3000 });
    await snap(page, 'ordering-rules-desktop');

    // Busy: pause online orders for 30 minutes from the orders page; the banner offers Resume now.
    await page.goto(url('/dashboard/orders', slug));
    await page.getByRole('button', { name: 'Busy? Pause online orders' }).click();
    await page.getByRole('menuitem', { name: '30 minutes' }).click();
    await page.getByText(/^Online orders for as soon as possible are paused until \d\d?:\d\d/).waitFor({ timeout: 10_000 });
    const details = await call<{ paused_until: string | null }>(page, 'GET', '/tenant/get-tenant-details', { as: 'guest' });
    const minutes = (new Date(details.body.data.paused_until!).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);
    // Guests get no time as soon as possible (orders for later go on, from the pause's end).
    expect((await call<{ open_now: boolean }>(page, 'GET', '/tenant/orders/options', { as: 'guest' })).body.data.open_now).toBe(false);
    await page.getByRole('button', { name: 'Resume now' }).click();
    await page.getByText(/^Online orders for as soon as possible are paused until/).waitFor({ state: 'detached', timeout: 10_000 });
    expect((await call<{ paused_until: string | null }>(page, 'GET', '/tenant/get-tenant-details', { as: 'guest' })).body.data.paused_until).toBeNull();
    await context.close();
  });

  it('the page fits a phone, in German', async () => {
    const { context, page } = await browser.newPage({ language: 'en', viewport: PHONE });
    await registerRestaurant(page, { name: 'Rules Phone', slug: uniqueSlug('orp') });
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.goto(page.url().replace('/dashboard/home', '/dashboard/ordering'));
    await page.getByText('Noch keine Liefergebiete').waitFor();
    await page.getByText('Bestellungen pro Zeitfenster begrenzen').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'ordering-rules-phone-de');
    await context.close();
  });
});
