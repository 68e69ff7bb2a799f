import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, clickUntilVisible, fitsWidth, snap, url, useBrowser } from '../support/browser.ts';
import { call } from '../support/api.ts';
import { signInOperator } from '../support/restaurant.ts';
import { linkFromMail } from '../support/mail.ts';
import { wcagAxe } from '../support/axe.ts';

const browser = useBrowser();
/** Pages load slower while other work shares the two cores. */
const WAIT = { timeout: 15_000 };

/** axe (WCAG 2 A and AA) on what this journey adds: nothing serious or critical. */
async function axe(page: Page, selector: string) {
  const { violations } = await wcagAxe(page).include(selector).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('pricing from the database', () => {
  it('shows the price and limits GET /api/plans answers; without the API the plans are still there, without figures', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    const plans = (await (await page.request.get(url('/api/plans'))).json()).data as { id: string; price_cents: number; max_products: number | null }[];
    const premium = plans.find((p) => p.id === 'premium')!;
    const free = plans.find((p) => p.id === 'free')!;
    await page.goto(url('/pricing'));
    await expect.poll(() => page.getByTestId('pricing-premium-price').textContent(), WAIT).toBe(`$${premium.price_cents / 100}`);
    await expect.poll(() => page.getByTestId('pricing-free').textContent()).toContain(`Up to ${free.max_products} products`);
    expect(await page.getByTestId('pricing-premium').textContent()).toContain('Unlimited products');
    expect(await axe(page, '[data-testid="pricing-free"]')).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await context.close();

    // A failing call: the cards keep their copy, no figures, no error page. (A marketing page carries the plans in
    // its HTML, so the call is made when the visitor comes from a page without them.)
    const offline = await browser.newPage({ viewport: DESKTOP });
    await offline.page.route('**/api/plans', (route) => route.abort());
    await offline.page.goto(url('/forgot-password'));
    await offline.page.getByRole('link', { name: 'Pricing' }).first().click();
    await offline.page.getByRole('heading', { name: 'Premium' }).waitFor(WAIT);
    await expect.poll(() => offline.page.getByTestId('pricing-premium').getAttribute('aria-busy'), WAIT).toBe(null);
    await expect.poll(async () => (await offline.page.getByTestId('pricing-premium').textContent()) ?? '', WAIT).toContain('Priority support');
    expect(await offline.page.getByTestId('pricing-premium-price').count()).toBe(0);
    await offline.context.close();
  }, 60_000);
});

describe('a visitor writes in German, an operator handles it', () => {
  const email = `kontakt-${Date.now().toString(36)}@example.com`;
  const subject = `Frage zur eigenen Domain ${Date.now().toString(36)}`;

  it('the form checks the fields in German, sends, clears and confirms; the sender gets a German mail', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await page.goto(url('/contact'));
    const send = page.getByRole('button', { name: 'Nachricht senden' });
    await clickUntilVisible(send, page.getByText('Dieses Feld ist erforderlich.').first());
    expect(await page.getByText('Dieses Feld ist erforderlich.').count()).toBeGreaterThanOrEqual(4);
    // Too short is named by its minimum.
    await page.getByRole('textbox', { name: /^Nachricht/ }).fill('Hallo');
    await send.click();
    await page.getByText('Mindestens 10 Zeichen.').waitFor(WAIT);
    expect(await axe(page, 'form')).toEqual([]);

    await page.getByLabel('Ihr Name').fill('Jonas Weber');
    await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
    await page.getByLabel('Name des Restaurants (optional)').fill('Gasthaus zur Linde');
    await page.getByLabel('Betreff').fill(subject);
    await page.getByRole('textbox', { name: /^Nachricht/ }).fill('Guten Tag, wir möchten unsere eigene Domain nutzen. Wie funktioniert das?');
    await send.click();
    const confirmation = page.getByTestId('contact-confirmation');
    await confirmation.waitFor(WAIT);
    expect(await confirmation.textContent()).toContain('innerhalb eines Werktags');
    // Above the form, so it is scrolled to and focused (the phone showed only the emptied form).
    await expect.poll(() => confirmation.evaluate((notice) => notice === document.activeElement)).toBe(true);
    await expect.poll(async () => { const box = (await confirmation.boundingBox())!; return box.y >= 0 && box.y + box.height <= 844; }).toBe(true);
    expect(await page.getByLabel('Betreff').inputValue()).toBe('');
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'contact-sent-de-390');
    await context.close();

    expect(await linkFromMail(email, /^Subject: (Wir haben Ihre Nachricht erhalten)/m)).toBe('Wir haben Ihre Nachricht erhalten');
  }, 60_000);

  it('the operator sees it on the dashboard card, opens it and marks it handled', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    await signInOperator(page);
    const card = page.getByTestId('messages-card');
    await card.getByText(subject).waitFor(WAIT);
    expect(await card.textContent()).toMatch(/\d+ new/);
    // No sidebar entry: the sidebar is Dashboard, Restaurants, Users, Roles.
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Messages' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Open message from Jonas Weber' }).first().click();
    await page.waitForURL(/\/dashboard\/messages\?message=/);
    const drawer = page.getByTestId('message-drawer');
    await drawer.waitFor(WAIT);
    expect(await drawer.textContent()).toContain('Gasthaus zur Linde');
    expect(await drawer.textContent()).toContain('German');
    expect(await drawer.getByRole('link', { name: 'Reply by e-mail' }).first().getAttribute('href')).toContain(`mailto:${email}`);
    await drawer.getByRole('button', { name: 'Mark as handled' }).click();
    await drawer.getByRole('button', { name: 'Mark as new' }).waitFor(WAIT);
    expect(await drawer.textContent()).toMatch(/Handled by .+ on /);
    await snap(page, 'messages-drawer-en-1280');

    await page.keyboard.press('Escape');
    await page.locator('label', { hasText: /^Handled$/ }).click();
    await page.waitForURL(/status=handled/);
    const row = page.getByTestId('message-row').filter({ hasText: subject });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain('Handled');
    expect(await axe(page, '[data-testid="message-row"]')).toEqual([]);
    await context.close();
  }, 60_000);

  it('an operator of the support role has no Messages card and is refused the page', async () => {
    const admin = await browser.newPage({ viewport: DESKTOP });
    await signInOperator(admin.page);
    const options = await call<{ roles: { id: string; name: string }[] }>(admin.page, 'GET', '/platform/roles/options');
    const support = options.body.data.roles.find((r) => r.name === 'support')!;
    const email = `support-${Date.now().toString(36)}@example.com`;
    const password = 'a-long-unusual-passphrase';
    const created = await call(admin.page, 'POST', '/platform/users', {
      body: { name: 'Sam Support', email, role_id: support.id, mode: 'password', password, password_confirmation: password },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await admin.context.close();

    const { context, page } = await browser.newPage({ viewport: PHONE });
    await page.goto(url('/login'));
    await page.getByRole('main').getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByRole('main').getByLabel('Password').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor(WAIT);
    expect(await page.getByTestId('messages-card').count()).toBe(0);
    await page.goto(url('/dashboard/messages'));
    await page.getByRole('heading', { name: 'Not authorized' }).waitFor(WAIT);
    expect(await page.getByTestId('message-row').count()).toBe(0);
    await context.close();
  }, 60_000);
});
