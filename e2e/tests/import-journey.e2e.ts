import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../apps/server/src/modules/listing-import/fixtures/fixture-server.ts';
import { call } from '../support/api.ts';
import { DESKTOP, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { wcagAxe } from '../support/axe.ts';
import { OWNER_PASSWORD, signIn, signInOperator } from '../support/restaurant.ts';

const browser = useBrowser();
let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(() => fixtures.close());

describe('an owner signs up by importing their restaurant page', () => {
  const slug = uniqueSlug('sole');

  it('on a phone: pastes the address, reviews what was found, uses it, signs up; the dashboard lists the imported dishes', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    await page.goto(url('/tenant-register'));
    const panel = page.getByTestId('import-panel');
    await panel.getByLabel("Address of your restaurant's page").fill(fixtures.url('/trattoria-graph.html'));
    await panel.getByRole('button', { name: 'Find my restaurant' }).click();

    const preview = page.getByTestId('import-preview');
    await expect.poll(() => preview.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await preview.getByRole('heading', { name: 'Trattoria Sole' }).isVisible()).toBe(true);
    expect(await preview.getByText('Elbchaussee 12, 22763 Hamburg, Hamburg, Germany').isVisible()).toBe(true);
    expect(await preview.getByText('Mon–Fri 11:30–22:00').isVisible()).toBe(true);
    expect(await page.getByTestId('import-menu-summary').textContent()).toBe('3 sections, 6 dishes');
    expect(await preview.getByText('Margherita').isVisible()).toBe(true);
    expect(await preview.getByText('Dishes without a price on the page: 1.', { exact: false }).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    const { violations } = await wcagAxe(page).include('[data-testid="import-panel"]').analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join('; ')}`)).toEqual([]);
    await snap(page, 'import-preview-phone');

    await preview.getByRole('button', { name: 'Use these details' }).click();
    expect(await page.getByTestId('import-applied').isVisible()).toBe(true);
    const field = (name: string) => page.locator(`form[data-registration] [name="${name}"]`);
    expect(await field('restaurant_name').inputValue()).toBe('Trattoria Sole');
    expect(await field('email').inputValue()).toBe('ciao@trattoria-sole.example');
    expect(await field('phone').inputValue()).toBe('+49 40 1234567');
    expect(await field('city').inputValue()).toBe('Hamburg');
    expect(await field('postal_code').inputValue()).toBe('22763');
    expect(await field('domain').inputValue()).toBe('trattoria-sole');

    // The owner still edits what they like: their own sub-domain, and the password.
    await field('domain').fill(slug);
    await expect.poll(() => page.getByText(`${slug} is available.`).isVisible(), { timeout: 10_000 }).toBe(true);
    await field('password').fill(OWNER_PASSWORD);
    await field('password_confirmation').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Create my restaurant' }).click();
    await page.waitForURL(url('/dashboard/home', slug), { timeout: 20_000 });

    // The menu came along with the sign-up (the restaurant waits for approval; its dashboard works).
    const products = await call<{ data: { name: string; price_cents: number }[] }>(page, 'GET', '/tenant/products?per_page=50');
    expect(products.status).toBe(200);
    expect(products.body.data.data.map((p) => p.name).sort()).toEqual(['Bruschetta', 'Diavola', 'Margherita', 'Minestrone', 'Pizza of the day', 'Vitello tonnato']);
    // While the restaurant's settings are still on their way, its prices show no symbol rather than a wrong '$' (#3).
    const margherita = (products.body.data.data.find((p) => p.name === 'Margherita')!.price_cents / 100).toFixed(2);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tenant/settings', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/dashboard/products', slug));
    // Phones get cards (the desktop table is in the page but hidden).
    await expect.poll(() => page.locator('text=Vitello tonnato >> visible=true').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByText(margherita, { exact: true }).filter({ visible: true }).count()).toBe(1);
    expect(await page.getByText(`$${margherita}`).count()).toBe(0);
    release();
    await expect.poll(() => page.getByText(`€${margherita}`).filter({ visible: true }).count(), { timeout: 10_000 }).toBe(1);
    await page.unroute('**/api/tenant/settings');
    await snap(page, 'import-products-phone');
    const settings = await call<{ opening_hours: { day: number; closed: boolean; open: string; close: string }[]; description: string }>(page, 'GET', '/tenant/admin/settings');
    expect(settings.body.data.opening_hours[1]).toEqual({ day: 1, closed: false, open: '11:30', close: '22:00' });
    expect(settings.body.data.description).toBe('Wood-fired pizza & fresh pasta since 1998.');
    await context.close();
  });

  it('once an operator approves it, the storefront shows the imported menu', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    await signInOperator(page);
    const list = await call<{ data: { id: string; slug: string }[] }>(page, 'GET', `/platform/tenants?search=${slug}`);
    const id = list.body.data.data.find((r) => r.slug === slug)!.id;
    expect((await call(page, 'POST', `/platform/tenants/${id}/approve`)).status).toBe(200);

    await page.goto(url('/', slug));
    await expect.poll(() => page.locator('text=Vitello tonnato >> visible=true').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('text=Antipasti >> visible=true').count()).toBeGreaterThan(0);
    expect(await page.getByText('€12.90').first().isVisible()).toBe(true);
    // The page's logo, fetched through the safe fetch at sign-up and stored as the restaurant's own image.
    expect(await page.locator('img[src*="/uploads/t/"][src$="-256.webp"]').count()).toBeGreaterThan(0);
    await snap(page, 'import-storefront-desktop');
    await context.close();
  });

  it('a currency an older import stored but no longer offered (JPY) shows as itself on a German phone, and the rest still saves', async () => {
    const { context, page } = await browser.newPage({ viewport: { ...PHONE, width: 375 }, language: 'de' });
    await signIn(page, { email: 'ciao@trattoria-sole.example', password: OWNER_PASSWORD, slug, lang: 'de' });
    // The settings as such a restaurant's are stored: the server's answer, read with the import's code and symbol.
    await page.addInitScript(() => {
      const fetchFromServer = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await fetchFromServer(input, init);
        const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if ((init?.method ?? 'GET') !== 'GET' || !address.endsWith('/api/tenant/admin/settings') || !response.ok) return response;
        const body = (await response.json()) as { data: Record<string, unknown> };
        const stored = { ...body, data: { ...body.data, currency: 'JPY', currency_symbol: '¥' } };
        return new Response(JSON.stringify(stored), { status: 200, headers: { 'Content-Type': 'application/json' } });
      };
    });
    const sent: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/tenant/admin/settings')) sent.push(r.postDataJSON() as Record<string, unknown>);
    });
    await page.goto(url('/dashboard/settings', slug));
    // Not an empty field: the stored currency, marked as one that can't be picked anew (#3).
    const currency = page.getByRole('textbox', { name: 'Währung', exact: true });
    await expect.poll(() => currency.inputValue(), { timeout: 10_000 }).toBe('Japanischer Yen (JPY)');
    expect(await page.getByText('Japanischer Yen wird für neue Auswahl nicht mehr angeboten.', { exact: false }).isVisible()).toBe(true);
    await currency.scrollIntoViewIfNeeded();
    await snap(page, 'settings-currency-unsupported-375-de');
    // Saving other settings works and leaves the currency as it is (not sent: unchanged).
    await page.getByLabel('Rabatt auf die ganze Speisekarte').fill('5');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect.poll(() => page.getByText('Änderungen erfolgreich gespeichert').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('currency');
    expect(sent[0]).toMatchObject({ discount: 5, currency_symbol: '¥' });
    // The list still offers the supported ones to switch to.
    await currency.click();
    await currency.fill('eur');
    await expect.poll(() => page.getByRole('option', { name: 'Euro (€)' }).isVisible()).toBe(true);
    await context.close();
  });

  it('in German on a desktop: a page without restaurant data says so under the field; Discard drops a preview', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'de' });
    await page.goto(url('/tenant-register'));
    const panel = page.getByTestId('import-panel');
    const input = panel.getByLabel('Adresse der Seite Ihres Restaurants');
    await input.fill(fixtures.url('/microdata-only.html'));
    await panel.getByRole('button', { name: 'Mein Restaurant finden' }).click();
    await expect
      .poll(() => panel.getByText('Auf dieser Seite haben wir keine Angaben zu einem Restaurant gefunden.', { exact: false }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill(fixtures.url('/cafe-de.html'));
    await panel.getByRole('button', { name: 'Mein Restaurant finden' }).click();
    const preview = page.getByTestId('import-preview');
    await expect.poll(() => preview.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('import-menu-summary').textContent()).toBe('2 Bereiche, 4 Gerichte');
    expect(await preview.getByText('12,50 €', { exact: false }).isVisible()).toBe(true);
    await snap(page, 'import-preview-de-desktop');
    await preview.getByRole('button', { name: 'Verwerfen' }).click();
    expect(await preview.count()).toBe(0);
    expect(await page.locator('form[data-registration] [name="restaurant_name"]').inputValue()).toBe('');
    await context.close();
  });
});
