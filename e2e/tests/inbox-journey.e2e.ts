import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, fitsWidth, pickDay, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { call } from '../support/api.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();
const DEMO = 'demo';
const manager = { email: 'manager@demo.example.com', password: DEMO_PASSWORD };
const admin = { email: 'admin@demo.example.com', password: DEMO_PASSWORD };

/** A guest form sent from the storefront page itself (same headers and CSRF pair as the web app). */
async function guestPost(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? '') },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { path, body },
  );
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('the staff inbox answers guests (issue #5)', () => {
  const tag = uniqueSlug('in').slice(-6);

  it('a guest’s contact message is answered from the dashboard and the reply joins the thread', async () => {
    // The guest writes on the storefront.
    const guest = await browser.newPage({ viewport: PHONE, language: 'en' });
    await guest.page.goto(url('/contact', DEMO));
    const form = guest.page.locator('form[data-form=contact]');
    await form.getByLabel('Name').fill(`Carla ${tag}`);
    await form.getByLabel('E-mail').fill(`carla-${tag}@example.com`);
    await form.getByLabel('Subject').fill(`Terrace ${tag}`);
    await form.getByLabel('Message').fill('Is your terrace open in the evening?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByLabel('Subject').inputValue(), { timeout: 10_000 }).toBe('');
    await guest.context.close();

    // A manager finds it, reads it and answers; away from the restaurant (Tokyo, the demo is in New York).
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en', timeZone: 'Asia/Tokyo' });
    await signIn(page, manager);
    await page.getByRole('navigation').getByRole('link', { name: 'Messages' }).first().click();
    await page.waitForURL(url('/dashboard/contact-reqs', DEMO));
    await page.getByLabel('Search').fill(tag);
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 10_000 }).toBe(tag);
    const open = page.getByRole('button', { name: `Open request from Carla ${tag}` });
    await open.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('tr[data-status="new"]').count()).toBe(1);
    await snap(page, 'inbox-contact-list-desktop-en');
    await open.click();
    await page.waitForURL(/[?&]id=/);

    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('Is your terrace open in the evening?').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('No e-mails have been sent about this request yet.').isVisible()).toBe(true);
    expect(await drawer.getByLabel('Subject').inputValue()).toBe(`Re: Terrace ${tag}`);
    // Received on the restaurant's clock, as its orders are (it was the browser's).
    const [message] = (await call<{ data: { created_at: string }[] }>(page, 'GET', `/tenant/contact-requests?search=${tag}`)).body.data.data;
    const [restaurantClock, browserClock] = ['America/New_York', 'Asia/Tokyo'].map((timeZone) =>
      new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(message!.created_at)),
    );
    expect(restaurantClock).not.toBe(browserClock);
    expect(await drawer.getByText(`Received: ${restaurantClock}`).count()).toBe(1);
    // Sending an empty reply is caught before it leaves the browser.
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => drawer.getByText('This field is required.').isVisible()).toBe(true);
    await drawer.getByLabel('Message').fill('Yes, from 6 pm until late.\nSee you soon!');
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => page.getByText(`Your reply to carla-${tag}@example.com is on its way.`).first().isVisible(), { timeout: 10_000 }).toBe(true);

    // The reply is in the thread, with who sent it; the message is now answered, also in the list.
    const reply = drawer.getByTestId('reply');
    await expect.poll(() => reply.count(), { timeout: 10_000 }).toBe(1);
    expect(await reply.innerText()).toContain('Yes, from 6 pm until late.');
    expect(await reply.innerText()).toContain('Maria Manager');
    expect(await drawer.getByLabel('Message').inputValue()).toBe('');
    await expect.poll(() => drawer.getByText('Answered', { exact: true }).first().isVisible()).toBe(true);
    await snap(page, 'inbox-contact-replied-desktop-en');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tr[data-status="answered"]').count(), { timeout: 10_000 }).toBe(1);
    await context.close();
  });

  it('a pending reservation is confirmed; staff may look but not act', async () => {
    const name = `Rita ${tag}`;
    const guest = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await guest.page.goto(url('/reservation', DEMO));
    await guest.page.waitForFunction(() => document.cookie.includes('XSRF-TOKEN='));
    const status = await guestPost(guest.page, '/tenant/reservation', {
      full_name: name,
      phone_number: '+49 30 1234567',
      email: `rita-${tag}@example.com`,
      date: tomorrow(),
      time: '12:00',
      guests: 3,
      message: 'A quiet corner, please.',
    });
    expect(status).toBe(201);
    await guest.context.close();

    // Staff see it, without the buttons.
    const staff = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(staff.page, { email: 'staff@demo.example.com', password: DEMO_PASSWORD });
    await staff.page.goto(url(`/dashboard/reservations?search=${tag}`, DEMO));
    await staff.page.getByRole('button', { name: `Open request from ${name}` }).click();
    const staffDrawer = staff.page.getByRole('dialog');
    await expect.poll(() => staffDrawer.getByText('You can look at this request, but not change it.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await staffDrawer.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    expect(await staffDrawer.getByRole('button', { name: 'Send reply' }).count()).toBe(0);
    // Requests are not theirs to see: no sidebar entry.
    expect(await staff.page.getByRole('navigation').getByRole('link', { name: 'Messages' }).count()).toBe(0);
    await staff.context.close();

    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, manager);
    await page.goto(url('/dashboard/reservations?status=pending', DEMO));
    await page.getByLabel('Search').fill(tag);
    await page.getByRole('button', { name: `Open request from ${name}` }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('A quiet corner, please.').isVisible(), { timeout: 10_000 }).toBe(true);
    // The guest had the automatic mail on booking; the empty thread does not claim they heard nothing.
    expect(await drawer.getByText('No e-mails have been sent from here yet, only the automatic one the guest got on booking.').isVisible()).toBe(true);
    // Only the steps the workflow allows from pending.
    expect(await drawer.getByRole('button', { name: 'Mark completed' }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible(), { timeout: 10_000 }).toBe(true);
    // Tomorrow's booking: cancelling is offered, its visit's steps wait for its day.
    await expect.poll(() => drawer.getByRole('button', { name: 'Cancel reservation' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Mark completed' }).count()).toBe(0);
    // The guest's confirmation mail is in the thread.
    await expect.poll(() => drawer.getByText('Your reservation at Trattoria Demo is confirmed').isVisible(), { timeout: 10_000 }).toBe(true);
    await snap(page, 'inbox-reservation-confirmed-desktop-en');

    // Declining is no longer offered; cancelling asks for a reason.
    await drawer.getByRole('button', { name: 'Cancel reservation' }).click();
    const modal = page.getByRole('dialog', { name: `Cancel the reservation of ${name}` });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Cancel reservation' }).click();
    await expect.poll(() => modal.getByText('This field is required.').isVisible()).toBe(true);
    await modal.getByRole('button', { name: 'Back' }).click();

    // The Pending chip no longer lists it.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: `Open request from ${name}` }).count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('keeps a request open that was clicked while the search typed just before was still settling (a slow device)', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, manager);
    await page.goto(url('/dashboard/reservations?view=list', DEMO));
    const first = page.getByRole('button', { name: /^Open request from / }).first();
    await first.waitFor({ timeout: 10_000 });
    const guest = (await first.getAttribute('aria-label'))!.replace('Open request from ', '');
    // A slow phone: the click's navigation is still rendering when the search (350 ms after typing) reaches the URL.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.getByLabel('Search').fill(guest);
    await first.click();
    await page.waitForTimeout(1_500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Both stay: the search it was typed and the request it was clicked.
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(guest);
    expect(new URL(page.url()).searchParams.get('id')).not.toBeNull();
    await expect.poll(() => page.getByRole('dialog').getByText(guest).first().isVisible()).toBe(true);
    await context.close();
  });

  it('subscribers: export the confirmed ones as CSV and remove one', async () => {
    const email = `reader-${tag}@example.com`;
    const guest = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await guest.page.goto(url('/', DEMO));
    await guest.page.waitForFunction(() => document.cookie.includes('XSRF-TOKEN='));
    expect(await guestPost(guest.page, '/tenant/subscribe', { email })).toBe(201);
    await guest.context.close();

    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, admin);
    await page.goto(url('/dashboard/subscribers', DEMO));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-demo-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('email,language,confirmed_at');
    expect(csv).toContain('anna@example.com,en,');
    // Not confirmed yet: not exported.
    expect(csv).not.toContain(email);

    await page.getByLabel('Search').fill(tag);
    const remove = page.getByRole('button', { name: `Remove ${email}` });
    await remove.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('tr', { hasText: email }).getByText('Awaiting confirmation').isVisible()).toBe(true);
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Remove this subscriber?' });
    await confirm.waitFor();
    await snap(page, 'inbox-subscriber-remove-desktop-en');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByText('The subscriber has been removed.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: `Remove ${email}` }).count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('works on a phone, in German', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, { ...manager, lang: 'de' });
    await page.goto(url('/dashboard/contact-reqs', DEMO));
    // Cards instead of the table.
    const card = page.getByRole('button', { name: `Anfrage von Carla ${tag} öffnen` }).filter({ visible: true });
    await card.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('table').first().isVisible()).toBe(false);
    expect(await fitsWidth(page)).toBe(true);
    // Search and status stay; the sort waits behind "Filter" and comes with a tap.
    const sort = page.getByRole('textbox', { name: 'Reihenfolge', exact: true });
    expect(await sort.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => sort.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await snap(page, 'inbox-contact-list-phone-de');
    await card.click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('E-Mails an den Gast').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByRole('button', { name: 'Antwort senden' }).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'inbox-contact-drawer-phone-de');

    for (const path of ['/dashboard/reservations', '/dashboard/stock-check-requests', '/dashboard/quote-requests', '/dashboard/subscribers']) {
      await page.goto(url(path, DEMO));
      await page.locator('main h2').first().waitFor();
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
      expect(await fitsWidth(page), path).toBe(true);
      // Every string is translated: no raw i18n keys on the page.
      expect(await page.locator('main').innerText(), path).not.toMatch(/\b(kinds|status|subscribers|summary|fields)\.[a-z_]+/);
    }

    // The reservations list on a 375 px phone starts on the first screen: days and sort wait behind "Filter" (stacked,
    // they and eight status chips pushed the first reservation below the fold).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url('/dashboard/reservations?view=list', DEMO));
    const first = page.getByRole('button', { name: /^Anfrage von .+ öffnen$/ }).filter({ visible: true }).first();
    await first.waitFor({ timeout: 10_000 });
    expect((await first.boundingBox())!.y).toBeLessThan(812 - 60);
    const from = page.getByLabel(/^Von: /);
    expect(await from.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => from.isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Reihenfolge', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Filter', exact: true }).getAttribute('aria-expanded')).toBe('true');
    // A day chosen is counted on the button.
    await pickDay(page, from, tomorrow(), { lang: 'de' });
    await expect.poll(() => page.getByRole('button', { name: 'Filter (1)', exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'inbox-reservations-list-375-de');
    await context.close();
  });
});
