import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, openAllDay, placeOrder, type Placed } from '../support/api.ts';
import { DEMO_PASSWORD, DESKTOP, PHONE, fitsWidth, pickDay, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
/** The kitchen's promise, with its day when the minutes cross the restaurant's midnight ("Ready on Sat, 28 Nov at 00:10"). */
const READY_AT = /^Ready (at|on .+ at) \d\d:\d\d/;

async function signIn(page: Page, lang: 'en' | 'de' = 'en') {
  await page.goto(url('/login', 'demo'));
  await page.getByRole('textbox', { name: lang === 'de' ? 'E-Mail' : 'E-mail', exact: true }).fill('admin@demo.example.com');
  await page.getByLabel(lang === 'de' ? 'Passwort' : 'Password').fill(DEMO_PASSWORD);
  // The storefront's newsletter footer has a submit button too.
  await page.getByRole('main').getByRole('button', { name: lang === 'de' ? 'Anmelden' : 'Sign in' }).click();
  await page.waitForURL(url('/dashboard/home', 'demo'));
}

/** The toast saying `text` is shown and leaves the open drawer's header (title and close button) uncovered. */
async function toastClearOfDrawer(page: Page, text: string) {
  const overlap = () =>
    page.evaluate((text) => {
      const toast = [...document.querySelectorAll('.mantine-Notification-root')].find((n) => n.textContent?.includes(text));
      const header = document.querySelector('.mantine-Drawer-content .mantine-Drawer-header');
      if (!toast || !header) return null;
      const [a, b] = [toast.getBoundingClientRect(), header.getBoundingClientRect()];
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    }, text);
  await expect.poll(overlap, { timeout: 10_000 }).not.toBeNull();
  expect(await overlap()).toBe(false);
}

async function tracked(page: Page, token: string) {
  return (await call<{ status: string; cancelled_reason: string | null; promised_at: string | null }>(page, 'GET', `/tenant/orders/track/${token}`, { as: 'guest' })).body.data;
}

describe('staff move a guest’s order along and the tracking page follows (issue #4)', () => {
  const dish = `Journey Risotto ${uniqueSlug('d').slice(-5)}`;
  let productId = '';
  let first: Placed;
  let second: Placed;

  it('shows a new order, accepts it, starts preparing it, and the guest’s tracking reports it', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page);

    // The kitchen is open all day, so the journey works at any hour.
    await openAllDay(page);

    // A dish with stock, so rejecting can be seen giving it back.
    // A category of its own: journeys running alongside may hide or reorder the demo's categories.
    const category = await call<{ id: string }>(page, 'POST', '/tenant/categories', { body: { name: `Orders ${uniqueSlug('c').slice(-5)}` } });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const created = await call<{ id: string }>(page, 'POST', '/tenant/products', {
      body: { name: dish, price_cents: 1250, category_id: category.body.data.id, track_stock: true, stock_quantity: 10 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    productId = created.body.data.id;

    first = await placeOrder(page, productId, { name: 'Greta Guest', quantity: 2, note: 'No onions, please' });
    expect((await tracked(page, first.token)).status).toBe('pending');

    await page.goto(url('/dashboard/orders', 'demo'));
    const row = page.getByRole('button', { name: `Open order #${first.number}` }).first();
    await row.waitFor({ timeout: 10_000 });
    // Pending orders stand out.
    expect(await page.locator(`tr[data-status="pending"]`).count()).toBeGreaterThan(0);

    // Search by number narrows the list to this order.
    await page.getByLabel('Search').fill(`#${first.number}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 10_000 }).toBe(`#${first.number}`);
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await snap(page, 'orders-list-desktop-en');

    await row.click();
    await page.waitForURL(/order_id=/);
    expect(new URL(page.url()).searchParams.get('order_id')).toBe(first.id);
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText(`Order #${first.number}`).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('No onions, please').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('As soon as possible').isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Call Greta Guest' }).getAttribute('href')).toBe('tel:+49301234567');
    expect(await drawer.getByRole('link', { name: 'E-mail Greta Guest' }).getAttribute('href')).toBe('mailto:guest@example.com');
    await expect.poll(() => drawer.getByText('2×').isVisible()).toBe(true);
    // Only the steps ORDER_TRANSITIONS allows from pending.
    await expect.poll(() => drawer.getByRole('button', { name: 'Accept' }).isVisible()).toBe(true);
    await expect.poll(() => drawer.getByRole('button', { name: 'Reject' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Mark ready' }).count()).toBe(0);
    await snap(page, 'orders-drawer-desktop-en');

    // Accepting asks when it will be ready, starting from the kitchen's preparation time: nothing chosen is refused,
    // a quick pick or any 5–240 minutes goes.
    await drawer.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('dialog', { name: `Accept order #${first.number}` });
    await accept.waitFor();
    const prep = (await call<{ prep_minutes: number }>(page, 'GET', '/tenant/orders/ordering')).body.data.prep_minutes;
    await expect.poll(() => accept.getByLabel('Ready in (minutes)').inputValue()).toBe(String(prep));
    await accept.getByLabel('Ready in (minutes)').fill('');
    await accept.getByRole('button', { name: 'Accept order' }).click();
    await expect.poll(() => accept.getByText('Choose when the order will be ready.').isVisible()).toBe(true);
    expect((await tracked(page, first.token)).status).toBe('pending');
    await accept.getByRole('button', { name: '20 min' }).click();
    expect(await accept.getByLabel('Ready in (minutes)').inputValue()).toBe('20');
    // Past 240 minutes stays as typed and is named on leaving the field (not cut to 240 without a word).
    const readyIn = accept.getByLabel('Ready in (minutes)');
    await readyIn.fill('999');
    await readyIn.press('Tab');
    expect(await readyIn.inputValue()).toBe('999');
    await expect.poll(() => accept.getByText('Must be at most 240.').isVisible()).toBe(true);
    await accept.getByLabel('Ready in (minutes)').fill('25');
    await expect.poll(() => accept.getByText(READY_AT).isVisible()).toBe(true);
    await snap(page, 'orders-accept-desktop-en');
    // A double tap accepts once: no second request, no error beside the success.
    const accepts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith(`/orders/${first.id}/status`)) accepts.push(request.url());
    });
    await accept.getByRole('button', { name: 'Accept order' }).dblclick();
    await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(accepts).toHaveLength(1);
    expect(await page.getByText('The changes could not be saved').count()).toBe(0);
    await toastClearOfDrawer(page, 'Changes saved successfully');
    await expect.poll(() => drawer.getByRole('button', { name: 'Start preparing' }).isVisible(), { timeout: 10_000 }).toBe(true);
    const promised = await tracked(page, first.token);
    expect(promised.status).toBe('accepted');
    const minutesAhead = (new Date(promised.promised_at!).getTime() - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(23);
    expect(minutesAhead).toBeLessThan(26);
    // The drawer shows the promise and who accepted it.
    await expect.poll(() => drawer.getByText(READY_AT).first().isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText(/^by /).first().isVisible()).toBe(true);
    // The guest's tracking page says when it will be ready.
    const guestPage = await page.context().newPage();
    await guestPage.goto(url(`/order/${first.token}`, 'demo'));
    await expect.poll(() => guestPage.getByText(READY_AT).isVisible(), { timeout: 10_000 }).toBe(true);
    await guestPage.close();

    await drawer.getByRole('button', { name: 'Start preparing' }).click();
    await expect.poll(() => drawer.getByRole('button', { name: 'Mark ready' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await tracked(page, first.token)).status).toBe('preparing');
    // The history lists each step with its time (it is read again after the change, a moment after the buttons).
    for (const label of ['Pending', 'Accepted', 'Preparing']) await expect.poll(() => drawer.getByText(label, { exact: true }).count()).toBeGreaterThan(0);

    // Someone else marks it ready meanwhile: the live stream brings this drawer up to date without a reload, and
    // a stale change is refused by the server in words.
    expect((await call(page, 'PATCH', `/tenant/orders/${first.id}/status`, { body: { status: 'ready' } })).status).toBe(200);
    await expect.poll(() => drawer.getByRole('button', { name: 'Complete' }).isVisible(), { timeout: 10_000 }).toBe(true);
    const stale = await call<unknown>(page, 'PATCH', `/tenant/orders/${first.id}/status`, { body: { status: 'ready' } });
    expect(stale).toMatchObject({ status: 409, body: { message: 'An order that is ready cannot become ready.' } });
    await context.close();
  });

  it('rejects a second order with a reason, which the guest reads and which gives the stock back', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page);
    second = await placeOrder(page, productId, { name: 'Rudi Reject', quantity: 3 });
    const stockOf = async () => (await call<{ stock_quantity: number }>(page, 'GET', `/tenant/products/${productId}`)).body.data.stock_quantity;
    expect(await stockOf()).toBe(5);

    // SPEC §2.3: ?order_id= opens that order directly.
    await page.goto(url(`/dashboard/orders?order_id=${second.id}`, 'demo'));
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText(`Order #${second.number}`).isVisible(), { timeout: 10_000 }).toBe(true);
    await drawer.getByRole('button', { name: 'Reject' }).click();

    const modal = page.getByRole('dialog', { name: `Reject order #${second.number}` });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Reject order' }).click();
    await expect.poll(() => modal.getByText('This field is required.').isVisible()).toBe(true);
    expect((await tracked(page, second.token)).status).toBe('pending');
    await modal.getByLabel('Reason').fill('We ran out of rice tonight');
    await snap(page, 'orders-reject-desktop-en');
    // A double tap sends the step once (the second request was refused with an error beside the success).
    const statusChanges: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith(`/orders/${second.id}/status`)) statusChanges.push(request.url());
    });
    await modal.getByRole('button', { name: 'Reject order' }).dblclick();
    await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('We ran out of rice tonight').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('This order is finished; its status can no longer change.').isVisible()).toBe(true);

    expect(await tracked(page, second.token)).toMatchObject({ status: 'rejected', cancelled_reason: 'We ran out of rice tonight' });
    expect(await stockOf()).toBe(8);
    // The guest's page gives the reason and asks for no payment.
    const guestPage = await context.newPage();
    await guestPage.goto(url(`/order/${second.token}`, 'demo'));
    await expect.poll(() => guestPage.getByText('Reason: We ran out of rice tonight').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await guestPage.getByText('Nothing is due for this order.').isVisible()).toBe(true);
    expect(await guestPage.getByText(/^Pay at pickup/).count()).toBe(0);
    await guestPage.close();
    expect(statusChanges).toHaveLength(1);
    expect(await page.getByText('The changes could not be saved').count()).toBe(0);
    // Its kitchen ticket says it is not to be made.
    const ticketPage = await context.newPage();
    await ticketPage.goto(url(`/dashboard/orders/${second.id}/ticket`, 'demo'));
    await expect.poll(() => ticketPage.getByRole('document').getByRole('status').textContent(), { timeout: 10_000 }).toBe('Rejected: do not prepare');
    await ticketPage.close();

    // The Rejected tab lists it; closing the drawer takes order_id out of the URL.
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.has('order_id')).toBe(false);
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await expect.poll(() => page.getByRole('button', { name: `Open order #${first.number}` }).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: `Open order #${second.number}` }).first().isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('status')).toBe('rejected');
    await context.close();
  });

  it('?order_id= opens an order that is not on the current page or filter', async () => {
    // Staff away from the restaurant (Tokyo, the demo is in New York) read its clock, as on the kitchen ticket.
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en', timeZone: 'Asia/Tokyo' });
    await signIn(page);
    const hidden = await placeOrder(page, productId, { name: 'Otto Offpage', quantity: 1 });
    // The Rejected tab, one per page, oldest first: the new pending order is nowhere in the list.
    await page.goto(url(`/dashboard/orders?status=rejected&per_page=10&sort=oldest&order_id=${hidden.id}`, 'demo'));
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText(`Order #${hidden.number}`).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('Otto Offpage').first().isVisible()).toBe(true);
    const placed = (await call<{ created_at: string; time_zone: string }>(page, 'GET', `/tenant/orders/${hidden.id}`)).body.data;
    const [restaurantClock, browserClock] = await page.evaluate(
      ({ at, zone }) => [zone, 'Asia/Tokyo'].map((timeZone) => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(at))),
      { at: placed.created_at, zone: placed.time_zone },
    );
    expect(restaurantClock).not.toBe(browserClock);
    expect(await drawer.getByText(`Placed: ${restaurantClock}`).count()).toBe(1);
    expect(await page.getByRole('button', { name: `Open order #${hidden.number}` }).count()).toBe(0);
    // Filters and sort sit in the URL and the toolbar.
    await page.keyboard.press('Escape');
    await page.getByLabel('Search').waitFor();
    expect(await page.getByLabel('Sort', { exact: true }).first().inputValue()).toBe('Oldest first');
    await page.goto(url(`/dashboard/orders?source=online&type=pickup&from=2000-01-01`, 'demo'));
    await expect.poll(() => page.getByRole('button', { name: `Open order #${hidden.number}` }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.goto(url(`/dashboard/orders?source=phone&search=Otto`, 'demo'));
    await expect.poll(() => page.getByText('No orders match these filters.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await snap(page, 'orders-filters-desktop-en');
    await context.close();
  });

  it('takes an order by phone and prints its kitchen ticket', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'en' });
    await context.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await signIn(page);
    const { category_id } = (await call<{ category_id: string }>(page, 'GET', `/tenant/products/${productId}`)).body.data;
    const long = `${dish} Hausgemachte Rindfleischrouladen nach Großmutters Originalrezept mit Rotkohl`;
    expect((await call(page, 'POST', '/tenant/products', { body: { name: long, price_cents: 990, category_id } })).status).toBe(201);
    await page.goto(url('/dashboard/orders', 'demo'));
    await page.getByRole('button', { name: 'New phone order' }).click();
    const drawer = page.getByRole('dialog', { name: 'New phone order' });
    await drawer.getByRole('searchbox', { name: 'Find a dish' }).fill(dish);
    // A dish with a long name keeps its price and + on the phone's screen (the list grew as wide as the name).
    const longRow = drawer.getByRole('button', { name: `Add ${long}` });
    await longRow.waitFor({ timeout: 10_000 });
    // Polled: the drawer slides in, and mid-way its rows sit further right than where they end up.
    await expect.poll(() => longRow.evaluate((row) => row.querySelector('svg')!.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width);
    // A sold-out dish is shown as such and cannot be added (it was, and the total then failed).
    await drawer.getByRole('searchbox', { name: 'Find a dish' }).fill('Panna Cotta');
    const soldOut = drawer.getByRole('button', { name: 'Panna Cotta: sold out' });
    await soldOut.waitFor({ timeout: 10_000 });
    expect(await soldOut.isDisabled()).toBe(true);
    await drawer.getByRole('searchbox', { name: 'Find a dish' }).fill(dish);
    await drawer.getByRole('button', { name: `Add ${dish}`, exact: true }).click();
    await drawer.getByRole('button', { name: `Add ${dish}`, exact: true }).click();
    expect(await drawer.getByLabel(`Quantity of ${dish}`).inputValue()).toBe('2');
    // Esc (or a tap beside the drawer) asks before the order taken down so far is thrown away.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await drawer.getByLabel(`Quantity of ${dish}`).inputValue()).toBe('2');
    // The server prices it (the summary is its quote).
    await expect.poll(() => drawer.getByText(`2 × ${dish}`).isVisible(), { timeout: 10_000 }).toBe(true);
    const quote = await call<{ total_cents: number }>(page, 'POST', '/tenant/orders/quote', { body: { items: [{ product_id: productId, quantity: 2 }], type: 'pickup' } });
    await drawer.getByRole('button', { name: 'Place phone order' }).click();
    await expect.poll(() => drawer.getByText('This field is required.').first().isVisible()).toBe(true);
    await drawer.getByRole('textbox', { name: 'Name' }).fill('Carla Caller');
    await drawer.getByRole('textbox', { name: 'Phone' }).fill('+49 30 7654321');
    await drawer.getByRole('textbox', { name: 'Note for the kitchen' }).fill('Cut in slices');
    // A call about tomorrow: the day is chosen as on the storefront, and the time list becomes tomorrow's.
    const options = (await call<{ time_zone: string; days: { date: string }[] }>(page, 'GET', '/tenant/orders/options', { as: 'guest' })).body.data;
    await drawer.getByRole('textbox', { name: 'Day' }).click();
    await page.getByRole('option', { name: 'Tomorrow' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Time' }).inputValue()).toMatch(/^For \d\d:\d\d$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'orders-phone-order-phone-en');
    await drawer.getByRole('button', { name: 'Place phone order' }).click();

    // The new order opens, marked as a phone order with who entered it.
    const order = page.getByRole('dialog').filter({ hasText: 'Carla Caller' });
    await expect.poll(() => order.getByText('Phone order').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => order.getByText(/^Entered by /).isVisible()).toBe(true);
    await expect.poll(() => order.getByText('No e-mail address').isVisible()).toBe(true);
    const id = new URL(page.url()).searchParams.get('order_id')!;
    const staffView = await call<{ number: number; source: string; total_cents: number; requested_time: string }>(page, 'GET', `/tenant/orders/${id}`);
    expect(staffView.body.data).toMatchObject({ source: 'phone', total_cents: quote.body.data.total_cents });
    expect(new Date(staffView.body.data.requested_time).toLocaleDateString('en-CA', { timeZone: options.time_zone })).toBe(options.days[1]!.date);
    expect(await order.getByRole('link', { name: 'Kitchen ticket' }).getAttribute('href')).toBe(`/dashboard/orders/${id}/ticket`);

    // The ticket: outside the dashboard chrome, number big, lines with quantities, the note; printing on request only.
    await page.goto(url(`/dashboard/orders/${id}/ticket`, 'demo'));
    const ticket = page.getByRole('document', { name: `Kitchen ticket for order #${staffView.body.data.number}` });
    await ticket.waitFor({ timeout: 10_000 });
    await expect.poll(() => ticket.getByText(`#${staffView.body.data.number}`, { exact: true }).isVisible()).toBe(true);
    expect(await ticket.getByText('2×').isVisible()).toBe(true);
    expect(await ticket.getByText('Cut in slices').isVisible()).toBe(true);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'orders-ticket-phone-en');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await context.close();
  });

  it('works on a phone, in German', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, 'de');
    const third = await placeOrder(page, productId, { name: 'Paula Phone', quantity: 1 });
    await page.goto(url('/dashboard/orders', 'demo'));
    // On a phone the orders are cards (the table is hidden).
    const card = page.getByRole('button', { name: `Bestellung #${third.number} öffnen` });
    await card.waitFor({ timeout: 10_000 });
    await expect.poll(() => card.getByText('So schnell wie möglich').isVisible()).toBe(true);
    // Number and status share a row and the name has its own, so nothing wraps mid-phrase beside the badge.
    const numberBox = (await card.getByText(`#${third.number}`, { exact: true }).boundingBox())!;
    const badgeBox = (await card.getByText('Offen', { exact: true }).boundingBox())!;
    expect(Math.abs(numberBox.y + numberBox.height / 2 - (badgeBox.y + badgeBox.height / 2))).toBeLessThan(4);
    const nameBox = (await card.getByText('Paula Phone', { exact: true }).boundingBox())!;
    expect(nameBox.y).toBeGreaterThanOrEqual(numberBox.y + numberBox.height - 1);
    expect(nameBox.height).toBeLessThan(numberBox.height * 1.5);
    // The orders start on the first screen: besides search and status, the filters wait behind "Filter".
    expect((await card.boundingBox())!.y).toBeLessThan(PHONE.height - 60);
    expect(await page.getByRole('textbox', { name: 'Art', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Art', exact: true }).isVisible()).toBe(true);
    // The range's days come from a calendar in the page's language (the browser's own field wrote mm/dd/yyyy):
    // a start after today hides today's orders, and clearing it brings them back.
    const afterToday = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const from = page.getByLabel(/^Von: /);
    await pickDay(page, from, afterToday, { lang: 'de' });
    await expect.poll(() => from.innerText()).toBe(new Date(`${afterToday}T00:00:00Z`).toLocaleDateString('de-DE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
    await expect.poll(() => card.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Datum leeren' }).click();
    await expect.poll(() => card.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => page.locator('table').first().isVisible()).toBe(false);
    // No sideways scrolling at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'orders-list-phone-de');

    await card.click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByRole('button', { name: 'Annehmen' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await snap(page, 'orders-drawer-phone-de');
    await drawer.getByRole('button', { name: 'Annehmen' }).click();
    const accept = page.getByRole('dialog', { name: `Bestellung #${third.number} annehmen` });
    await accept.getByRole('button', { name: '15 Min.' }).click();
    await snap(page, 'orders-accept-phone-de');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await accept.getByRole('button', { name: 'Bestellung annehmen' }).click();
    await expect.poll(() => page.getByText('Änderungen erfolgreich gespeichert').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await toastClearOfDrawer(page, 'Änderungen erfolgreich gespeichert');
    expect((await tracked(page, third.token)).status).toBe('accepted');

    // An order for a later day is promised its wanted time: no minutes to choose, and the guest reads the day.
    const options = await call<{ days: { date: string; slots: { time: string; full: boolean }[] }[] }>(page, 'GET', '/tenant/orders/options', { as: 'guest' });
    const day = options.body.data.days.at(-1)!;
    const later = await placeOrder(page, productId, { name: 'Lena Later', quantity: 1, requested: { date: day.date, time: day.slots.find((s) => !s.full)!.time } });
    await page.goto(url(`/dashboard/orders?order_id=${later.id}`, 'demo'));
    await drawer.getByRole('button', { name: 'Annehmen' }).click();
    const acceptLater = page.getByRole('dialog', { name: `Bestellung #${later.number} annehmen` });
    await expect.poll(() => acceptLater.getByText(/^Gewünscht: /).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await acceptLater.getByLabel('Fertig in (Minuten)').count()).toBe(0);
    await snap(page, 'orders-accept-later-phone-de');
    await acceptLater.getByRole('button', { name: 'Bestellung annehmen' }).click();
    await expect.poll(async () => (await tracked(page, later.token)).status, { timeout: 10_000 }).toBe('accepted');
    const laterOrder = await call<{ requested_time: string; promised_at: string }>(page, 'GET', `/tenant/orders/${later.id}`);
    expect(laterOrder.body.data.promised_at).toBe(laterOrder.body.data.requested_time);
    const guestPage = await context.newPage();
    await guestPage.goto(url(`/order/${later.token}`, 'demo'));
    await expect.poll(() => guestPage.getByText(/^Fertig am .+ um \d\d:\d\d Uhr$/).isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();

    // English on a phone, and German on a desktop, for the screenshots.
    const en = await browser.newPage({ viewport: PHONE, language: 'en' });
    await signIn(en.page);
    await en.page.goto(url(`/dashboard/orders?order_id=${first.id}`, 'demo'));
    await en.page.getByRole('dialog').getByText(`Order #${first.number}`).waitFor({ timeout: 10_000 });
    await snap(en.page, 'orders-drawer-phone-en');
    await en.page.keyboard.press('Escape');
    await snap(en.page, 'orders-list-phone-en');
    await en.context.close();

    const de = await browser.newPage({ viewport: DESKTOP, language: 'de' });
    await signIn(de.page, 'de');
    await de.page.goto(url(`/dashboard/orders?order_id=${first.id}`, 'demo'));
    await de.page.getByRole('dialog').getByText(`Bestellung #${first.number}`).waitFor({ timeout: 10_000 });
    await snap(de.page, 'orders-drawer-desktop-de');
    await de.context.close();
  }, 120_000);

  it("keeps the guest's order on screen while the server cannot be reached, and says so (German phone)", async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, 'de');
    const order = await placeOrder(page, productId, { name: 'Otto Offline', quantity: 1 });
    // The page refreshes every 15 s: the fake clock skips the wait.
    await page.clock.install();
    const down = (route: { abort: () => Promise<void> }) => route.abort();
    const track = '**/api/tenant/orders/track/**';

    // Down from the start: not "order not found", but a retry that brings the order once the server answers.
    await context.route(track, down);
    await page.goto(url(`/order/${order.token}`, 'demo'));
    await expect.poll(() => page.getByText('Ihre Bestellung konnte nicht geladen werden').isVisible()).toBe(true);
    expect(await page.getByText('Bestellung nicht gefunden').count()).toBe(0);
    await context.unroute(track, down);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    const heading = page.getByRole('heading', { name: `Bestellung #${order.number}` });
    await expect.poll(() => heading.isVisible()).toBe(true);

    // Lost while the page is open: the order stays, with a note that it may be out of date, gone once it answers.
    await context.route(track, down);
    await page.clock.fastForward(16_000);
    const offline = page.getByRole('status').filter({ hasText: 'Keine Verbindung zum Restaurant' });
    await expect.poll(() => offline.isVisible()).toBe(true);
    expect(await heading.isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'order-tracking-offline-phone-de');
    await context.unroute(track, down);
    await page.clock.fastForward(16_000);
    await expect.poll(() => offline.count()).toBe(0);

    // A link to no order at all is still that.
    await page.goto(url('/order/no-such-order', 'demo'));
    await expect.poll(() => page.getByText('Bestellung nicht gefunden').isVisible()).toBe(true);
    await context.close();
  });
});
