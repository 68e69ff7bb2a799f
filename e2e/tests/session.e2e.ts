import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, snap, url, useBrowser } from '../support/browser.ts';

const browser = useBrowser();

describe('session rules (SPEC §2.3, §8)', () => {
  it('sends /dashboard without a token to /login, on both kinds of host', async () => {
    const { context, page } = await browser.newPage();
    // The app leaves for /login by itself, maybe before the page's load event: wait for no more than the answer.
    await page.goto(url('/dashboard/home', 'demo'), { waitUntil: 'commit' });
    await page.waitForURL(url('/login', 'demo'));
    await page.goto(url('/dashboard'));
    await page.waitForURL(url('/login'));
    await context.close();
  });

  it('signs staff in on the restaurant host and sends /login with a token to the dashboard', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    await page.goto(url('/login', 'demo'));
    await page.getByRole('main').getByLabel('E-mail').fill('staff@demo.example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard/home', 'demo'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{40,}$/);

    await page.goto(url('/login', 'demo'));
    await page.waitForURL(url('/dashboard/home', 'demo'));
    await context.close();
  });

  it('shows a translated per-field error for wrong credentials and keeps the visitor signed out', async () => {
    const { context, page } = await browser.newPage({ language: 'de' });
    await page.goto(url('/login', 'demo'));
    await page.getByRole('main').getByLabel('E-Mail').fill('admin@demo.example.com');
    await page.getByLabel('Passwort').fill('wrong-password');
    // The eye button is a named toggle for screen readers too (Mantine's own is hidden from them).
    const plain = page.getByRole('button', { name: 'Im Klartext anzeigen' });
    expect(await plain.getAttribute('aria-pressed')).toBe('false');
    await plain.click();
    expect(await plain.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Passwort').getAttribute('type')).toBe('text');
    await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
    await expect.poll(() => page.getByText('Diese Zugangsdaten stimmen nicht mit unseren Unterlagen überein.').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server's message follows a switch of language, as the page's own checks do.
    await page.getByText('EN', { exact: true }).click();
    await expect.poll(() => page.getByText('These credentials do not match our records.').isVisible()).toBe(true);
    expect(await page.getByText('Diese Zugangsdaten').count()).toBe(0);
    await context.close();
  });

  it('on a 401 clears the token and shows "Your session has expired" on /login', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(url('/login', 'demo'));
    await page.evaluate(() => {
      localStorage.setItem('token', 'revoked-or-forged-token-revoked-or-forged-token');
      localStorage.setItem('user', JSON.stringify({ id: 'x', name: 'Ghost', email: 'ghost@example.com', avatar: null, created_at: new Date().toISOString(), role_name: 'admin', permissions: [] }));
    });
    // The app leaves for /login by itself, maybe before the page's load event: wait for no more than the answer.
    await page.goto(url('/dashboard/home', 'demo'), { waitUntil: 'commit' });
    await page.waitForURL(url('/login', 'demo'));
    await expect.poll(() => page.getByText('Your session has expired. Please login again.').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('says so while the device is offline; a page opened meanwhile loads once the connection is back', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'de' });
    await page.goto(url('/', 'demo'), { waitUntil: 'networkidle' });
    const notice = page.getByRole('status').filter({ hasText: 'Keine Verbindung' });
    expect(await notice.count()).toBe(0);
    await context.setOffline(true);
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Laden und Speichern warten');
    await snap(page, 'offline-de');
    // The contact page's code has not come yet: it waits for the connection instead of showing the error page.
    await page.getByRole('banner').getByRole('link', { name: 'Kontakt', exact: true }).click();
    await page.waitForTimeout(1000);
    expect(await page.getByText('Etwas ist schiefgelaufen').count()).toBe(0);
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await page.locator('form[data-form=contact]').waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/contact');
    await context.close();
  });

  it('answers an unknown host with a 404 page in the chosen language', async () => {
    const { context, page } = await browser.newPage({ language: 'de' });
    const response = await page.goto(url('/', 'no-such-restaurant'));
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Hier ist kein Restaurant' }).isVisible()).toBe(true);
    await context.close();
  });

  it("shows the error page when a page's code fails to arrive, and the page itself after Back or Reload", async () => {
    const { context, page } = await browser.newPage({ language: 'de' });
    await page.goto(url('/', 'demo'));
    await page.waitForSelector('html[data-app-ready]');
    // As after a deployment that replaced the page's chunk while the guest was browsing.
    await page.route('**/quote-page-*.js', (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Angebot für Ihre Veranstaltung anfragen' }).click();
    await page.waitForURL(url('/quote', 'demo'));
    await expect.poll(() => page.getByRole('heading', { name: 'Etwas ist schiefgelaufen' }).isVisible()).toBe(true);

    await page.goBack();
    await page.waitForURL(url('/', 'demo'));
    await expect.poll(() => page.getByRole('heading', { name: 'Trattoria Demo', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Etwas ist schiefgelaufen' }).count()).toBe(0);

    await page.goForward();
    await expect.poll(() => page.getByRole('button', { name: 'Neu laden' }).isVisible()).toBe(true);
    await page.unroute('**/quote-page-*.js');
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.waitForURL(url('/quote', 'demo'));
    await expect.poll(() => page.getByRole('heading', { name: 'Angebot anfragen', level: 1 }).isVisible()).toBe(true);
    await context.close();
  });
});
