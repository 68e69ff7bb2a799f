import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { OWNER_PASSWORD, registerRestaurant } from '../support/restaurant.ts';

const browser = useBrowser();

describe('a restaurant owner signs up and runs the dashboard', () => {
  const slug = uniqueSlug('bistro');
  const email = `${slug}@example.com`;

  it('registers on the main domain and lands signed in on its own dashboard', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    await registerRestaurant(page, { name: 'Bistro Journey', slug, email });

    // Handed over to the new restaurant's host, signed in, without the token ever being in a URL.
    expect(page.url()).not.toContain('code=');
    await expect.poll(() => page.getByText('Your restaurant is awaiting approval').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await snap(page, 'dashboard-home-pending-phone');

    // Its storefront waits for approval.
    await page.goto(url('/', slug));
    await expect.poll(() => page.getByRole('heading', { name: 'Opening soon' }).isVisible()).toBe(true);
    await context.close();
  });

  it("suggests the device's time zone and the country's currency, and keeps what the owner picks", async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, timeZone: 'Europe/Vienna' });
    const picked = uniqueSlug('vienna');
    await registerRestaurant(page, { name: 'Café Wien', slug: picked }, async () => {
      const timeZone = page.locator('[data-name=time_zone]');
      const currency = page.locator('[data-name=currency]');
      expect(await timeZone.inputValue()).toBe('Europe/Vienna');
      // "Germany" was typed: euros.
      expect(await currency.inputValue()).toBe('Euro (€)');
      await currency.click();
      await page.getByRole('option', { name: 'Swiss Franc (CHF)' }).click();
      // Once picked, the currency no longer follows the country.
      await page.locator('input[name=country]').fill('United Kingdom');
      expect(await currency.inputValue()).toBe('Swiss Franc (CHF)');
    });
    const details = await page.evaluate(async () => (await (await fetch('/api/tenant/get-tenant-details')).json()).data);
    expect(details).toMatchObject({ time_zone: 'Europe/Vienna', currency_symbol: 'CHF' });
    await context.close();
  });

  it('signs in on its host, switches to German, and logs out (token revoked on the server)', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url('/login', slug));
    await page.getByRole('main').getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard/home', slug));
    await expect.poll(() => page.getByText('Your restaurant is awaiting approval').isVisible()).toBe(true);
    // With an empty menu the first steps come first, before the (empty) figures, each open one a link to its page.
    const steps = page.getByRole('heading', { name: 'Next steps' });
    await steps.waitFor();
    const figures = page.getByText('Orders today').first();
    await figures.waitFor();
    expect((await steps.boundingBox())!.y).toBeLessThan((await figures.boundingBox())!.y);
    expect(await page.getByText('0 of 6 done').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Organise your menu into categories' }).click();
    await page.waitForURL(url('/dashboard/categories', slug));
    await page.goBack();
    await steps.waitFor();

    await page.getByText('DE', { exact: true }).click();
    await expect.poll(() => page.getByText('Ihr Restaurant wartet auf Freigabe').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    await page.reload();
    await expect.poll(() => page.getByText('Ihr Restaurant wartet auf Freigabe').isVisible()).toBe(true);
    // The owner's account carries the restaurant's name from the sign-up: a plain greeting, not "Guten Morgen, Bistro".
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /^Guten (Morgen|Tag|Abend)$/ }).isVisible()).toBe(true);
    await snap(page, 'dashboard-home-de-desktop');

    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Profilmenü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect.poll(() => page.getByText('Erfolgreich abgemeldet').isVisible()).toBe(true);
    await page.waitForURL(url('/login', slug));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');

    const status = await page.evaluate(
      async (bearer) => (await fetch('/api/me', { headers: { Authorization: `Bearer ${bearer}` } })).status,
      token,
    );
    expect(status).toBe(401);
    await context.close();
  });

  it('hands an owner who signs in on the main domain over to their restaurant', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    await page.goto(url('/login'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard/home', slug), { timeout: 20_000 });
    await expect.poll(() => page.getByText('Your restaurant is awaiting approval').isVisible()).toBe(true);
    await context.close();
  });

  it('lets a platform operator sign in on the main domain and log out to /login', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url('/login'));
    await page.getByLabel('E-mail').fill('operator@example.com');
    await page.getByLabel('Password').fill('tavolo-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard'));
    await expect.poll(() => page.getByText('Super User').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Pending approvals').isVisible()).toBe(true);
    await snap(page, 'platform-dashboard-desktop');
    await page.getByRole('button', { name: /logout/i }).first().click();
    await expect.poll(() => page.getByText('Logged Out Successfully').isVisible()).toBe(true);
    await page.waitForURL(url('/login'));
    await context.close();
  });
});
