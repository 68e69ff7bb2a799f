import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();
const admin = { email: 'admin@demo.example.com', password: DEMO_PASSWORD };

/** A guest's reservation through the public form endpoint (no sign-in), so a fresh customer exists. */
async function reserveAsGuest(page: Page, guest: { name: string; email: string }) {
  const result = await page.evaluate(async (body) => {
    const xsrf = document.cookie
      .split('; ')
      .find((c) => c.startsWith('XSRF-TOKEN='))
      ?.slice('XSRF-TOKEN='.length);
    const response = await fetch('/api/tenant/reservation', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? '') },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  }, {
    full_name: guest.name,
    phone_number: '+49 30 5550 9999',
    email: guest.email,
    date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    time: '19:00',
    guests: 3,
    message: 'Journey table',
  });
  expect(result.status, result.body).toBe(201);
}

describe('dashboard home, team bulletin and customers (issue #5)', () => {
  const tag = uniqueSlug('in').slice(-6);
  const postTitle = `Journey notice ${tag}`;
  const guest = { name: `Journey Guest ${tag}`, email: `journey-${tag}@example.com` };

  it('home shows figures and the chart; a post on the bulletin shows on home', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, admin);

    const cards = page.getByTestId('insight-cards');
    await expect.poll(() => cards.getByText('Orders today').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cards.getByText('Revenue today').isVisible()).toBe(true);
    await expect.poll(() => cards.getByText('Average order').isVisible()).toBe(true);
    const chart = page.getByTestId('activity-chart');
    await expect.poll(() => chart.getByText('Last 30 days').isVisible()).toBe(true);
    // The demo has past orders: the chart draws bars.
    await expect.poll(() => chart.locator('.recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Best sellers (30 days)').isVisible()).toBe(true);
    // On a tablet's width each rank stays a round badge beside a dish name it truncates (it was squeezed narrower than tall).
    await page.setViewportSize({ width: 1024, height: 768 });
    const ranks = await page.locator('ol li .mantine-Badge-root').evaluateAll((badges) => badges.map((b) => b.getBoundingClientRect()).map((r) => r.width - r.height));
    expect(ranks.length).toBeGreaterThan(0);
    expect(ranks.every((d) => d >= -0.5), JSON.stringify(ranks)).toBe(true);
    await page.setViewportSize(DESKTOP);
    await snap(page, 'home-desktop-en');

    await page.goto(url('/dashboard/bulletin', 'demo'));
    await page.getByRole('button', { name: 'New post' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Title').fill(postTitle);
    await modal.getByLabel('Message').fill('First line\nSecond line');
    await modal.getByLabel('Pin to the top').check();
    await modal.getByRole('button', { name: 'Publish' }).click();
    const post = page.getByTestId('bulletin-post').filter({ hasText: postTitle });
    await expect.poll(() => post.isVisible(), { timeout: 10_000 }).toBe(true);
    // Line breaks are kept, and the author is named.
    expect(await post.innerText()).toContain('First line\nSecond line');
    expect(await post.innerText()).toContain('Alex Admin');
    await snap(page, 'bulletin-desktop-en');

    await page.goto(url('/dashboard/home', 'demo'));
    await expect.poll(() => page.getByTestId('home-bulletin').getByText(postTitle).isVisible(), { timeout: 10_000 }).toBe(true);

    // Deleting it (after a confirmation) takes it off the bulletin again, so the demo keeps its own posts on top.
    await page.goto(url('/dashboard/bulletin', 'demo'));
    await page.getByRole('button', { name: `Delete post ${postTitle}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('bulletin-post').filter({ hasText: postTitle }).count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('opens a customer, downloads their data and erases them after typing the e-mail', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, admin);
    await reserveAsGuest(page, guest);

    await page.goto(url('/dashboard/customers', 'demo'));
    await page.getByLabel('Search customers').fill(guest.email);
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 10_000 }).toBe(guest.email);
    const open = page.getByRole('button', { name: `Open customer ${guest.name}` });
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await open.first().click();
    await page.waitForURL(/customer=/);
    // The address is not in the URL.
    expect(page.url()).not.toContain(guest.email);
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('1 reservation').isVisible(), { timeout: 10_000 }).toBe(true);
    await snap(page, 'customer-drawer-desktop-en');

    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Download data (JSON)' }).click()]);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { customer: { email: string }; reservations: { message: string }[] };
    expect(exported.customer.email).toBe(guest.email);
    expect(exported.reservations[0]!.message).toBe('Journey table');

    await drawer.getByRole('button', { name: 'Erase personal data' }).click();
    const confirm = page.getByRole('dialog', { name: `Erase ${guest.name}?` });
    const eraseButton = confirm.getByRole('button', { name: 'Erase for good' });
    expect(await eraseButton.isDisabled()).toBe(true);
    await confirm.getByLabel('E-mail address').fill('someone-else@example.com');
    expect(await eraseButton.isDisabled()).toBe(true);
    await confirm.getByLabel('E-mail address').fill(guest.email.toUpperCase());
    await eraseButton.click();
    await expect.poll(() => page.getByText("The customer's personal data was erased.").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('No customer matches').isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it('fits a phone, in German', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, { ...admin, lang: 'de' });
    await expect.poll(() => page.getByTestId('insight-cards').getByText('Bestellungen heute').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('activity-chart').getByText('Letzte 30 Tage').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'home-phone-de');

    await page.goto(url('/dashboard/customers', 'demo'));
    await expect.poll(() => page.getByRole('heading', { name: 'Kunden', level: 2 }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Kunde .* öffnen$/ }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'customers-phone-de');
    // A customer's orders keep their whole status beside the total ('Abgeschlossen' was cut to 'ABGESCHLOSS…' on a
    // 375 px phone).
    await page.setViewportSize({ width: 375, height: PHONE.height });
    await page.getByLabel('Kunden suchen').fill('giulia@example.com');
    await page.getByRole('button', { name: 'Kunde Giulia Rossi öffnen' }).first().click();
    const customer = page.getByRole('dialog');
    await expect.poll(() => customer.getByText('Abgeschlossen').first().isVisible(), { timeout: 10_000 }).toBe(true);
    const cut = await customer.locator('.mantine-Badge-label').evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(url('/dashboard/bulletin', 'demo'));
    await expect.poll(() => page.getByTestId('bulletin-post').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'bulletin-phone-de');
    await context.close();
  });
});
