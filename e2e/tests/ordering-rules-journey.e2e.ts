import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, openAllDay } from '../support/api.ts';
import { DEMO_PASSWORD, DESKTOP, PHONE, fitsWidth, snap, url, useBrowser } from '../support/browser.ts';
import { addDish } from '../support/cart.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();

interface Option {
  id: string;
  name: string;
  price_delta_cents: number;
}
interface Product {
  id: string;
  name: string;
  category: { name: string };
  option_groups: { id: string; name: string; min_select: number; max_select: number; options: Option[] }[];
}
interface Zone {
  id: string;
  name: string;
  kind: 'postal_codes' | 'radius';
  postal_codes: string[];
  fee_cents: number;
  min_order_cents: number;
  is_active: boolean;
}
interface TaxLine {
  name: string;
  rate_millipercent: number;
  tax_cents: number;
}
interface Totals {
  subtotal_cents: number;
  discount_cents: number;
  coupon_code: string | null;
  coupon_discount_cents: number;
  delivery_fee_cents: number;
  delivery_zone_name: string | null;
  tip_cents: number;
  tax_included: boolean;
  tax_lines: TaxLine[];
  total_cents: number;
}
interface StaffOrder extends Totals {
  id: string;
  number: number;
  type: string;
  requested_time: string | null;
  delivery_postal_code: string | null;
  time_zone: string;
  lines: { name: string; quantity: number; options: { group: string; name: string }[] }[];
}

/** "$12.50" (en) / "12,50 $" (de), as the web app's money(). */
function money(cents: number, lang: 'en' | 'de'): string {
  const amount = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  return lang === 'de' ? `${amount} $` : `$${amount}`;
}

/** The breakdown rows shown on a page ([data-testid=order-totals]), as row key -> amount text. */
async function shownTotals(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId('order-totals')
    .first()
    .locator('[data-row]')
    .evaluateAll((rows) => Object.fromEntries(rows.map((row) => [row.getAttribute('data-row')!, (row.lastElementChild as HTMLElement).innerText.trim().replace(/\s/g, ' ')])));
}

/** The rows the stored order must show, from the server's figures. */
function expectedTotals(order: Totals, lang: 'en' | 'de'): Record<string, string> {
  const rows: Record<string, string> = { subtotal: money(order.subtotal_cents, lang), total: money(order.total_cents, lang) };
  if (order.discount_cents) rows.discount = `−${money(order.discount_cents, lang)}`;
  if (order.coupon_discount_cents) rows.coupon = `−${money(order.coupon_discount_cents, lang)}`;
  if (order.delivery_zone_name || order.delivery_fee_cents) rows.delivery_fee = money(order.delivery_fee_cents, lang);
  if (order.tip_cents) rows.tip = money(order.tip_cents, lang);
  for (const line of order.tax_lines) rows[`tax-${line.rate_millipercent}-${line.name}`] = money(line.tax_cents, lang);
  return rows;
}

/** The staff member's signed-in page for the API calls a journey needs (the kitchen opened all day). */
async function staffPage() {
  const staff = await browser.newPage({ viewport: DESKTOP, language: 'en' });
  await signIn(staff.page, { email: 'admin@demo.example.com', password: DEMO_PASSWORD });
  await openAllDay(staff.page);
  return staff;
}

/** A guest's desktop page at the checkout with one `dish` (without options) in the cart. */
async function checkoutWith(dish: Product) {
  const guest = await browser.newPage({ viewport: DESKTOP, language: 'en' });
  await guest.page.goto(url('/', 'demo'));
  await guest.page.getByRole('tab', { name: dish.category.name }).click();
  await addDish(guest.page, dish.name);
  await guest.page.goto(url('/checkout', 'demo'));
  await guest.page.getByTestId('order-totals').waitFor({ timeout: 15_000 });
  return guest;
}

/** Adds a dish through its choice dialog: the given options ticked, then "Add". */
async function addWithOptions(page: Page, product: Product, choices: Option[], lang: 'en' | 'de') {
  await page.getByRole('tab', { name: product.category.name }).click();
  await addDish(page, product.name, choices.map((o) => o.name), lang);
}

describe('a guest orders with options, a coupon, a tip, for delivery to a zone, for tomorrow (issue #10)', () => {
  it('shows the same breakdown on the checkout, in the stored order and on the confirmation page', async () => {
    const staff = await staffPage();
    const products = (await call<{ data: Product[] }>(staff.page, 'GET', '/tenant/public/products?per_page=48', { as: 'guest' })).body.data.data;
    const pizza = products.find((p) => p.option_groups.length >= 2 && p.option_groups.some((g) => g.min_select >= 1))!;
    expect(pizza, 'a seeded dish with a required and an optional option group').toBeTruthy();
    const size = pizza.option_groups.find((g) => g.min_select >= 1)!;
    const extras = pizza.option_groups.find((g) => g.min_select === 0)!;
    const large = [...size.options].sort((a, b) => b.price_delta_cents - a.price_delta_cents)[0]!;
    const extra = extras.options[0]!;
    const zones = (await call<Zone[]>(staff.page, 'GET', '/tenant/delivery-zones')).body.data;
    const zone = zones.find((z) => z.is_active && z.kind === 'postal_codes' && z.postal_codes.some((c) => !c.endsWith('*')))!;
    expect(zone, 'a seeded delivery zone by postal code').toBeTruthy();
    const postalCode = zone.postal_codes.find((c) => !c.endsWith('*'))!;

    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await page.goto(url('/', 'demo'));
    await addWithOptions(page, pizza, [large, extra], 'en');
    await page.goto(url('/checkout', 'demo'));
    await page.getByTestId('order-totals').waitFor({ timeout: 15_000 });
    // Two of them, so the coupon's and the zone's minimum are reached.
    await page.getByRole('button', { name: new RegExp(`^One ${pizza.name}.* more$`) }).first().click();

    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Phone number').fill('+49 30 1234567');
    await page.locator('input[data-path="customer_email"]').fill(`grace.${Date.now()}@example.com`);

    // A code the restaurant does not have: the server's reason under the field, and nothing applied.
    const couponInput = page.getByLabel('Coupon code');
    await couponInput.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => page.getByText('This coupon code is not valid.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('coupon-applied').count()).toBe(0);
    expect(Object.keys(await shownTotals(page))).not.toContain('coupon');

    await couponInput.fill('welcome10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => page.getByTestId('coupon-applied').innerText(), { timeout: 10_000 }).toMatch(/WELCOME10\s*−\$\d+\.\d\d/);

    await page.getByRole('button', { name: /^10%/ }).click();
    await expect.poll(async () => Object.keys(await shownTotals(page)), { timeout: 10_000 }).toContain('tip');

    // Delivery: the choice names the zones' lowest fee (not the flat fee, which zones replace); first to a postal code
    // outside every zone, then into the zone.
    const active = zones.filter((z) => z.is_active).map((z) => z.fee_cents);
    expect(new Set(active).size, 'demo zones with different fees').toBeGreaterThan(1);
    expect(await page.getByText(/^Delivery/).first().innerText()).toBe(`Delivery (from ${money(Math.min(...active), 'en')})`);
    await page.getByText(/^Delivery/).first().click();
    await page.getByLabel('Street and house number').fill('350 Fifth Avenue');
    await page.getByLabel(/^Postal code/).fill('00000');
    await expect.poll(() => page.getByText('Sorry, we do not deliver to 00000. Choose pickup or check the postal code.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    // The order's figures stay, without a delivery fee (they vanished, and the button read a bare "Place order").
    await expect.poll(async () => Object.keys(await shownTotals(page)), { timeout: 10_000 }).toEqual(expect.arrayContaining(['subtotal', 'tip', 'total']));
    expect(Object.keys(await shownTotals(page))).not.toContain('delivery_fee');
    // The button still answers: a click names what else is missing too (it was greyed out), and places nothing.
    await page.getByLabel('Full name').fill('');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect.poll(() => page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByText('Sorry, we do not deliver to 00000. Choose pickup or check the postal code.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel(/^Postal code/).fill(postalCode);
    await expect.poll(async () => (await shownTotals(page)).delivery_fee, { timeout: 10_000 }).toBe(money(zone.fee_cents, 'en'));
    await expect.poll(() => page.getByTestId('order-totals').innerText()).toContain(`Delivery fee (${zone.name})`);

    // For tomorrow, the first time offered.
    await page.getByLabel('Schedule for later').check();
    await page.getByRole('combobox', { name: 'Day', exact: true }).selectOption({ label: 'Tomorrow' });
    const slot = page.getByRole('radiogroup', { name: 'Time', exact: true }).locator('input:not([disabled]) + label').first();
    const slotTime = await slot.innerText();
    await slot.click();

    // Settled figures on the checkout.
    await page.waitForTimeout(800);
    const atCheckout = await shownTotals(page);
    expect(Object.keys(atCheckout)).toEqual(expect.arrayContaining(['subtotal', 'coupon', 'delivery_fee', 'tip', 'total']));
    expect(Object.keys(atCheckout).some((k) => k.startsWith('tax-'))).toBe(true);
    await snap(page, 'ordering-rules-checkout-desktop-en');
    expect(await page.getByRole('button', { name: /^Place order/ }).innerText()).toContain(atCheckout.total);

    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/order\/[\w-]{43}$/, { timeout: 15_000 });
    const token = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByTestId('order-totals').waitFor({ timeout: 10_000 });

    // The stored order (as staff read it) has the figures the guest saw.
    const number = Number((await page.getByRole('heading', { level: 1 }).innerText()).replace(/\D/g, ''));
    const list = await call<{ data: { id: string; number: number }[] }>(staff.page, 'GET', `/tenant/orders?search=${number}`);
    const id = list.body.data.data.find((o) => o.number === number)!.id;
    const stored = (await call<StaffOrder>(staff.page, 'GET', `/tenant/orders/${id}`)).body.data;
    expect(stored.coupon_code).toBe('WELCOME10');
    expect(stored.tip_cents).toBeGreaterThan(0);
    expect(stored.delivery_zone_name).toBe(zone.name);
    expect(stored.delivery_postal_code).toBe(postalCode);
    expect(stored.tax_lines.length).toBeGreaterThan(0);
    expect(stored.lines[0]!.options.map((o) => o.name)).toEqual(expect.arrayContaining([large.name, extra.name]));
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: stored.time_zone });
    expect(new Date(stored.requested_time!).toLocaleDateString('en-CA', { timeZone: stored.time_zone })).toBe(tomorrow);
    expect(new Date(stored.requested_time!).toLocaleTimeString('en-GB', { timeZone: stored.time_zone, hour: '2-digit', minute: '2-digit' })).toBe(slotTime);
    expect(atCheckout).toEqual(expectedTotals(stored, 'en'));

    // The confirmation page shows the same breakdown, the options and the tax.
    expect(await shownTotals(page)).toEqual(atCheckout);
    const tracked = (await call<Totals>(page, 'GET', `/tenant/orders/track/${token}`, { as: 'guest' })).body.data;
    expect(expectedTotals(tracked, 'en')).toEqual(atCheckout);
    expect(await page.getByTestId('line-options').first().innerText()).toContain(`${size.name}: ${large.name}`);
    if (stored.tax_included) expect(await page.getByTestId('order-totals').innerText()).toMatch(/incl\. /);
    await snap(page, 'ordering-rules-confirmation-desktop-en');

    // The staff drawer shows the same breakdown, and each line's options.
    await staff.page.goto(url(`/dashboard/orders?order_id=${id}`, 'demo'));
    const drawer = staff.page.getByRole('dialog');
    await drawer.getByTestId('order-totals').waitFor({ timeout: 10_000 });
    expect(await shownTotals(staff.page)).toEqual(atCheckout);
    expect(await drawer.getByTestId('line-options').first().innerText()).toContain(`${extras.name}: ${extra.name}`);
    await snap(staff.page, 'ordering-rules-drawer-en');

    // The kitchen ticket: the options, the day, the postal code and zone.
    await staff.page.goto(url(`/dashboard/orders/${id}/ticket`, 'demo'));
    await staff.page.getByTestId('ticket-totals').waitFor({ timeout: 10_000 });
    const ticket = await staff.page.getByRole('document', { name: `Kitchen ticket for order #${number}` }).innerText();
    expect(ticket).toContain(`${extras.name}: ${extra.name}`);
    expect(ticket).toContain(postalCode);
    expect(ticket).toContain(`Zone: ${zone.name}`);
    expect(ticket).toMatch(/Wanted: \w{3}, \w{3} \d+ at/);
    await snap(staff.page, 'ordering-rules-ticket-en');

    await context.close();
    await staff.context.close();
  });

  it("a delivery below the zone's minimum: the button says what is missing until the dishes reach it", async () => {
    const staff = await staffPage();
    const products = (await call<{ data: (Product & { final_price_cents: number })[] }>(staff.page, 'GET', '/tenant/public/products?per_page=48', { as: 'guest' })).body.data.data;
    const zones = (await call<Zone[]>(staff.page, 'GET', '/tenant/delivery-zones')).body.data;
    await staff.context.close();
    const zone = zones.find((z) => z.is_active && z.kind === 'postal_codes' && z.min_order_cents > 0 && z.postal_codes.some((c) => !c.endsWith('*')))!;
    const dish = products.find((p) => !p.option_groups.length && p.final_price_cents > 0 && p.final_price_cents < zone.min_order_cents)!;
    expect(dish, 'a seeded dish without options, cheaper than the zone minimum').toBeTruthy();

    const { context, page } = await checkoutWith(dish);
    await page.getByLabel('Full name').fill('Katherine Johnson');
    await page.getByLabel('Phone number').fill('+1 212 555 0100');
    await page.locator('input[data-path="customer_email"]').fill(`katherine.${Date.now()}@example.com`);
    await page.getByText(/^Delivery/).first().click();
    await page.getByLabel('Street and house number').fill('350 Fifth Avenue');
    await page.getByLabel(/^Postal code/).fill(zone.postal_codes.find((c) => !c.endsWith('*'))!);
    const hint = page.getByText('more to reach the minimum order for delivery', { exact: false });
    await hint.waitFor({ timeout: 10_000 });

    // The button names what is missing instead of sending an order the server would refuse.
    const short = page.getByRole('button', { name: /^\$[\d.]+ more for delivery$/ });
    await short.waitFor({ timeout: 10_000 });
    expect(await short.isDisabled()).toBe(true);
    // The guest adds what was missing, in dishes at their menu prices: the hint goes and the order can be placed.
    const more = page.getByRole('button', { name: new RegExp(`^One ${dish.name}.* more$`) }).first();
    for (let i = 0; i < 20 && (await hint.count()); i++) {
      await more.click();
      await page.waitForTimeout(500);
    }
    await hint.waitFor({ state: 'detached', timeout: 10_000 });
    // Just enough dishes at their menu prices: the restaurant's discount does not count against the minimum.
    const enough = Math.ceil(zone.min_order_cents / dish.final_price_cents);
    expect((await shownTotals(page)).subtotal).toBe(money(dish.final_price_cents * enough, 'en'));
    const placeOrder = page.getByRole('button', { name: /^Place order · / });
    await placeOrder.waitFor({ timeout: 10_000 });
    expect(await placeOrder.isDisabled()).toBe(false);
    await context.close();
  });

  it('a coupon with a minimum is dropped with its reason when the cart falls below it, and comes back once the cart reaches it again', async () => {
    const staff = await staffPage();
    const products = (await call<{ data: (Product & { final_price_cents: number })[] }>(staff.page, 'GET', '/tenant/public/products?per_page=48', { as: 'guest' })).body.data.data;
    const dish = products.find((p) => !p.option_groups.length && p.final_price_cents >= 200)!;
    // One dish is below the minimum, two are above it.
    const code = `TWO${Date.now().toString(36).toUpperCase()}`;
    const created = await call<{ id: string }>(staff.page, 'POST', '/tenant/coupons', { body: { code, kind: 'percent', value: 10, min_order_cents: Math.round(dish.final_price_cents * 1.5) } });
    expect(created.status).toBe(201);
    try {
      const { context, page } = await checkoutWith(dish);
      const more = page.getByRole('button', { name: new RegExp(`^One ${dish.name}.* more$`) }).first();
      const less = page.getByRole('button', { name: new RegExp(`^One ${dish.name}.* less$`) }).first();
      await more.click();
      await page.getByLabel('Coupon code').fill(code);
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      const applied = page.getByTestId('coupon-applied');
      await applied.waitFor({ timeout: 10_000 });

      await less.click();
      const reason = page.getByText('This coupon needs an order of at least', { exact: false });
      await reason.waitFor({ timeout: 10_000 });
      await applied.waitFor({ state: 'detached' });
      expect((await shownTotals(page)).coupon).toBeUndefined();

      // Back above the minimum: the reason goes and the coupon is on the order again, without typing it anew.
      await more.click();
      await applied.waitFor({ timeout: 10_000 });
      expect(await reason.count()).toBe(0);
      await expect.poll(async () => (await shownTotals(page)).coupon, { timeout: 10_000 }).toMatch(/^−\$/);
      await context.close();
    } finally {
      await call(staff.page, 'DELETE', `/tenant/coupons/${created.body.data.id}`);
      await staff.context.close();
    }
  });

  it('works on a phone in German: options, a fixed coupon, an own tip amount, pickup', async () => {
    const staff = await staffPage();
    const products = (await call<{ data: Product[] }>(staff.page, 'GET', '/tenant/public/products?per_page=48', { as: 'guest' })).body.data.data;
    const pizza = products.find((p) => p.option_groups.some((g) => g.min_select >= 1))!;
    const size = pizza.option_groups.find((g) => g.min_select >= 1)!;
    await staff.context.close();

    const { context, page } = await browser.newPage({ viewport: { ...PHONE, width: 375 }, language: 'de' });
    await page.goto(url('/', 'demo'));
    await addWithOptions(page, pizza, [size.options[size.options.length - 1]!], 'de');
    await page.goto(url('/checkout', 'demo'));
    await page.getByTestId('order-totals').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: new RegExp(`^${pizza.name}.*: eins mehr$`) }).first().click();
    await page.getByLabel('Vollständiger Name').fill('Ada Lovelace');
    await page.getByLabel('Telefonnummer').fill('+49 30 7654321');
    await page.locator('input[data-path="customer_email"]').fill(`ada.${Date.now()}@example.com`);

    await page.getByLabel('Gutscheincode').fill('FIVEOFF');
    await page.getByRole('button', { name: 'Einlösen', exact: true }).click();
    await expect.poll(() => page.getByTestId('coupon-applied').innerText(), { timeout: 10_000 }).toMatch(/FIVEOFF\s*−5,00\s\$/);

    await page.getByRole('button', { name: 'Eigener Betrag' }).click();
    // Past the limit, the message names it as an amount (it read "Darf höchstens 10000 sein."), and the limit is
    // the server's: the food after discounts and coupon (it said 10000 $, and the server then refused 50 $).
    const shown = await shownTotals(page);
    const cents = (text = '0') => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
    const food = cents(shown.subtotal) - cents(shown.discount) - cents(shown.coupon);
    // Said while typing (the total beside it leaves the amount out), and the order is not sent: it went to the
    // server, which refused it.
    const orderPosts: string[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tenant/orders' && orderPosts.push(request.url())));
    await page.getByLabel('Trinkgeld-Betrag').fill('20000');
    await expect.poll(() => page.getByText(`Darf höchstens ${money(food, 'de').replace(/\s/g, ' ')} sein.`).isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Bestellen/ }).click();
    await expect.poll(() => page.getByLabel('Trinkgeld-Betrag').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(orderPosts).toEqual([]);
    await page.getByLabel('Trinkgeld-Betrag').fill('-5');
    await expect.poll(() => page.getByText('Muss mindestens 0,00 $ sein.').isVisible()).toBe(true);
    // An amount is written as one: "2,50 $", not "2,5 $".
    await page.getByLabel('Trinkgeld-Betrag').fill('2.5');
    await page.getByLabel('Trinkgeld-Betrag').press('Tab');
    expect(await page.getByLabel('Trinkgeld-Betrag').inputValue()).toBe('2,50 $');
    await expect.poll(async () => (await shownTotals(page)).tip, { timeout: 10_000 }).toBe('2,50 $');
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'ordering-rules-checkout-phone-de');

    const atCheckout = await shownTotals(page);
    await page.getByRole('button', { name: /^Bestellen/ }).click();
    await page.waitForURL(/\/order\/[\w-]{43}$/, { timeout: 15_000 });
    await page.getByTestId('order-totals').waitFor({ timeout: 10_000 });
    const token = new URL(page.url()).pathname.split('/').pop()!;
    const tracked = (await call<Totals>(page, 'GET', `/tenant/orders/track/${token}`, { as: 'guest' })).body.data;
    expect(tracked.coupon_code).toBe('FIVEOFF');
    expect(tracked.tip_cents).toBe(250);
    expect(expectedTotals(tracked, 'de')).toEqual(atCheckout);
    expect(await shownTotals(page)).toEqual(atCheckout);
    // New York adds its sales tax on top: a row above the total, not "inkl." below it.
    expect(await page.getByTestId('order-totals').innerText()).toMatch(/Sales tax 8,875 %\s+[\d,]+\s\$\s+Gesamt/);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'ordering-rules-confirmation-phone-de');
    await context.close();
  });
});
