import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { rejectWaitingOrders } from '../support/api.ts';
import { addDish } from '../support/cart.ts';

const browser = useBrowser();

/** The order's status badge on the guest's tracking page (the stepper lists every status, so read the badge). */
const guestStatus = (page: Page) =>
  page
    .locator('.mantine-Badge-root')
    .filter({ hasText: /^(Waiting for confirmation|Accepted|Being prepared|Ready|Completed)$/ })
    .first()
    // textContent: the badge's CSS capitalises what innerText would return.
    .textContent({ timeout: 1000 })
    .catch(() => '');

/** The unread count the bell announces (its accessible name), 0 when it says nothing. */
const bellCount = async (page: Page) => {
  const name = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
};

/** The count the Orders entry of the sidebar shows (0 when there is no badge). */
const ordersBadge = async (page: Page) => {
  const link = page.getByRole('navigation').getByRole('link', { name: /^Orders/ });
  const text = (await link.locator('.mantine-Badge-label').innerText({ timeout: 500 }).catch(() => '0')) || '0';
  return Number(text);
};

describe('a guest orders while staff watch the dashboard: everything arrives live (issue #5)', () => {
  it('the new order rings the dashboard without a reload; staff accept and complete it; the guest’s page follows each step', { timeout: 240_000 }, async () => {
    const guestName = `Live ${uniqueSlug('guest').slice(-6)}`;

    // Staff: signed in, on the orders page, left alone (no reloads from here on).
    const staff = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    const desk = staff.page;
    await desk.goto(url('/login', 'demo'));
    await desk.getByRole('main').getByRole('textbox', { name: 'E-mail', exact: true }).fill('manager@demo.example.com');
    await desk.getByLabel('Password').fill(DEMO_PASSWORD);
    await desk.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await desk.waitForURL(url('/dashboard/home', 'demo'));
    // Orders earlier journeys left waiting would ring the bell (escalation) in the middle of this one. Read the
    // dashboard again afterwards: its badge may have counted them just before they were rejected.
    await rejectWaitingOrders(desk);
    await desk.reload();
    await desk.getByRole('navigation').getByRole('link', { name: /^Orders/ }).click();
    await desk.waitForURL(url('/dashboard/orders', 'demo'));
    await desk.getByRole('button', { name: /^Notifications/ }).waitFor();
    // Let the first answers land, so the new order is news rather than part of the first load.
    await desk.waitForTimeout(1500);
    const unreadBefore = await bellCount(desk);
    const pendingBefore = await ordersBadge(desk);
    let reloads = 0;
    desk.on('framenavigated', (frame) => {
      if (frame === desk.mainFrame()) reloads++;
    });

    // Guest: on a phone, through the real cart and checkout.
    const guest = await browser.newPage({ viewport: PHONE, language: 'en' });
    const phone = guest.page;
    await phone.goto(url('/', 'demo'));
    await addDish(phone, 'Margherita', ['Regular']);
    await expect.poll(() => phone.getByRole('button', { name: /^Open the cart \(1 item/ }).isVisible(), { timeout: 10_000 }).toBe(true);
    await phone.goto(url('/checkout', 'demo'));
    await phone.getByLabel('Full name').fill(guestName);
    await phone.getByLabel('Phone number').fill('+49 30 1234567');
    await phone.locator('input[data-path="customer_email"]').fill('live.guest@example.com');
    await expect.poll(() => phone.getByRole('button', { name: /^Place order/ }).isEnabled(), { timeout: 10_000 }).toBe(true);
    await phone.getByRole('button', { name: /^Place order/ }).click();
    await phone.waitForURL(/\/order\/[\w-]{43}$/, { timeout: 15_000 });
    await expect.poll(() => phone.getByText('Thank you for your order!').isVisible(), { timeout: 10_000 }).toBe(true);
    const number = Number((await phone.getByRole('heading', { level: 1 }).innerText()).replace(/\D/g, ''));
    expect(number).toBeGreaterThan(1000);
    await expect.poll(() => guestStatus(phone)).toBe('Waiting for confirmation');

    // The dashboard hears of it at once (well inside the 20-second fallback poll): a toast, the bell, the
    // sidebar badge, the tab title and the list, all without a reload.
    await desk.bringToFront();
    await expect.poll(() => desk.getByText(`New order #${number}`).first().isVisible(), { timeout: 8_000 }).toBe(true);
    await expect.poll(() => bellCount(desk), { timeout: 5_000 }).toBe(unreadBefore + 1);
    await expect.poll(() => ordersBadge(desk), { timeout: 5_000 }).toBe(pendingBefore + 1);
    await expect.poll(() => desk.title(), { timeout: 5_000 }).toMatch(new RegExp(`^\\(${pendingBefore + 1}\\) `));
    await expect.poll(() => desk.getByRole('button', { name: `Open order #${number}` }).first().isVisible(), { timeout: 5_000 }).toBe(true);
    expect(reloads).toBe(0);
    await snap(desk, 'live-toast-desktop-en');

    // The bell lists it, unread; opening it marks it read and opens that order.
    await desk.getByRole('button', { name: /^Notifications/ }).click();
    const dropdown = desk.getByRole('dialog', { name: 'Notifications' });
    const item = dropdown.getByRole('button', { name: new RegExp(`New order #${number}`) });
    await item.waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    expect(await dropdown.getByText(`${guestName} · `).first().isVisible()).toBe(true);
    await snap(desk, 'live-bell-desktop-en');
    await item.click();
    await desk.waitForURL(/order_id=/);
    await expect.poll(() => bellCount(desk), { timeout: 5_000 }).toBe(unreadBefore);

    // Accept with a ready-in time for the guest, then move it along to completed.
    await expect.poll(() => desk.getByText(`Order #${number}`).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await desk.getByRole('button', { name: 'Accept', exact: true }).click();
    const acceptDialog = desk.getByRole('dialog', { name: `Accept order #${number}` });
    await acceptDialog.getByLabel('Ready in (minutes)').fill('20');
    await acceptDialog.getByRole('button', { name: 'Accept order' }).click();
    await expect.poll(() => guestStatus(phone), { timeout: 25_000 }).toBe('Accepted');
    // The order left the pending count: badge and title follow.
    await expect.poll(() => ordersBadge(desk), { timeout: 10_000 }).toBe(pendingBefore);

    for (const [button, status] of [
      ['Start preparing', 'Being prepared'],
      ['Mark ready', 'Ready'],
      ['Complete', 'Completed'],
    ] as const) {
      await expect.poll(() => desk.getByRole('button', { name: button, exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
      await desk.getByRole('button', { name: button, exact: true }).click();
      await expect.poll(() => guestStatus(phone), { timeout: 25_000 }).toBe(status);
    }
    await snap(phone, 'live-tracking-completed-phone-en');
    expect(reloads).toBeLessThanOrEqual(1);

    // A second order arrives while staff look at the open bell; "Mark all as read" clears the badge.
    await desk.keyboard.press('Escape');
    await desk.getByRole('button', { name: /^Notifications/ }).click();
    const bell = desk.getByRole('dialog', { name: 'Notifications' });
    const second = await phone.evaluate(async () => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      type Dish = { id: string; name: string; option_groups: { min_select: number; options: { id: string }[] }[] };
      const products = (await (await fetch('/api/tenant/public/products?is_active=1')).json()) as { data: { data: Dish[] } };
      const dish = products.data.data.find((p) => p.name === 'Margherita')!;
      // The pizza's size is required: the first choice of each required group.
      const options = dish.option_groups.filter((g) => g.min_select > 0).map((g) => g.options[0]!.id);
      const res = await fetch('/api/tenant/orders', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf, 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ items: [{ product_id: dish.id, quantity: 1, options }], customer_name: 'Second Guest', customer_phone: '+49 30 7654321', customer_email: 'second@example.com', type: 'pickup' }),
      });
      return ((await res.json()) as { data: { order: { number: number } } }).data.order.number;
    });
    await expect.poll(() => bell.getByRole('button', { name: new RegExp(`New order #${second}`) }).isVisible(), { timeout: 8_000 }).toBe(true);
    await expect.poll(() => bellCount(desk), { timeout: 5_000 }).toBe(unreadBefore + 1);
    await bell.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bellCount(desk), { timeout: 5_000 }).toBe(0);
    expect(await bell.locator('[data-unread]').count()).toBe(0);
    // Leave no order waiting: the escalation worker would otherwise pause the demo's ordering for later journeys.
    const rejected = await desk.evaluate(async (n) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const headers = { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf };
      const list = (await (await fetch(`/api/tenant/orders?search=${n}`, { headers })).json()) as { data: { data: { id: string; number: number }[] } };
      const id = list.data.data.find((o) => o.number === n)!.id;
      return (await fetch(`/api/tenant/orders/${id}/status`, { method: 'PATCH', headers, body: JSON.stringify({ status: 'rejected', reason: 'Journey clean-up' }) })).status;
    }, second);
    expect(rejected).toBe(200);

    await staff.context.close();
    await guest.context.close();
  });

  it('the bell works on a phone, in German (full-width list, sound switch)', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await page.goto(url('/login', 'demo'));
    await page.getByRole('main').getByRole('textbox', { name: 'E-Mail', exact: true }).fill('admin@demo.example.com');
    await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(url('/dashboard/home', 'demo'));
    await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
    const dropdown = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await dropdown.waitFor();
    const box = await dropdown.boundingBox();
    expect(box!.width).toBeGreaterThan(PHONE.width - 40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const sound = dropdown.getByRole('switch', { name: 'Ton bei neuen Bestellungen' });
    expect(await sound.isChecked()).toBe(true);
    await sound.click({ force: true });
    expect(await page.evaluate(() => localStorage.getItem('notification-sound'))).toBe('false');
    await snap(page, 'live-bell-phone-de');
    await context.close();
  });
});
