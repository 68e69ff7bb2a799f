import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { registerRestaurant } from '../support/restaurant.ts';

const browser = useBrowser();

async function publicLooks(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => ((await (await fetch('/api/tenant/public/appearance')).json()) as { data: Record<string, unknown> }).data);
}

const background = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);

/** A wide banner picture: a warm gradient with a few shapes, made on the fly. */
const bannerPng = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="600"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#3d1f0f"/><stop offset="1" stop-color="#c8743a"/></linearGradient></defs><rect width="1800" height="600" fill="url(#g)"/><circle cx="1400" cy="300" r="220" fill="#f2d8b0" opacity="0.35"/><circle cx="300" cy="120" r="90" fill="#ffffff" opacity="0.15"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe('an owner styles the storefront: theme, colours, layout (issue #3)', () => {
  const slug = uniqueSlug('looks');
  const CUSTOM = '#7b2cbf';
  const CUSTOM_RGB = 'rgb(123, 44, 191)';

  it('picks a theme, sets a checked custom colour, and the storefront shows it', { timeout: 150_000 }, async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await registerRestaurant(page, { name: 'Looks Trattoria', slug });

    // The sidebar offers the three looks pages to the owner.
    for (const label of ['Themes', 'Colours', 'Layout']) {
      await expect.poll(() => page.getByRole('link', { name: label, exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    }

    await page.goto(url('/dashboard/themes', slug));
    await expect.poll(() => page.getByTestId('theme-coastal').isVisible(), { timeout: 10_000 }).toBe(true);
    await snap(page, 'looks-themes-desktop');
    await page.getByRole('button', { name: 'Use the theme Coastal' }).click();
    await expect.poll(() => page.getByText('Changes saved successfully').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await publicLooks(page)).toMatchObject({ theme: 'coastal', primary_color: '#1a5f8f', accent_color: '#5ec4c9' });
    await expect.poll(() => page.getByTestId('theme-coastal').getByText('Current').isVisible()).toBe(true);

    await page.goto(url('/dashboard/colors', slug));
    const primary = page.getByLabel('Primary colour');
    await expect.poll(() => primary.inputValue(), { timeout: 10_000 }).toBe('#1a5f8f');

    // Too pale: the check says so in words, and the form refuses to save it.
    await primary.fill('#ffe066');
    await page.getByRole('heading', { name: 'Contrast check' }).click();
    await expect.poll(() => page.getByTestId('contrast-verdict').textContent()).toBe('Too light');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText(/too light to read/).first().isVisible()).toBe(true);
    expect((await publicLooks(page)).primary_color).toBe('#1a5f8f');

    // A readable colour: the check passes with its ratio, and the live preview follows before saving.
    await primary.fill(CUSTOM);
    await page.getByRole('heading', { name: 'Contrast check' }).click();
    await expect.poll(() => page.getByTestId('contrast-verdict').textContent()).toBe('Passes');
    await expect.poll(() => page.getByTestId('contrast-check').textContent()).toMatch(/Contrast \d+\.\d\d:1/);
    await expect.poll(() => background(page, '[data-testid=preview-button]')).toBe(CUSTOM_RGB);
    await snap(page, 'looks-colors-desktop');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Changes saved successfully').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await publicLooks(page)).toMatchObject({ theme: 'coastal', primary_color: CUSTOM, on_primary_color: '#ffffff' });

    // The storefront (still "opening soon" until the platform approves it): the header's logo badge is primary.
    await page.goto(url('/', slug));
    const avatar = page.locator('header .mantine-Avatar-placeholder').first();
    await expect.poll(() => avatar.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 10_000 }).toBe(CUSTOM_RGB);
    await snap(page, 'looks-storefront-pending-desktop');
    await context.close();
  });

  it('on a live restaurant: colour, list layout and banner reach the menu, and guests can still switch', { timeout: 150_000 }, async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'en' });
    await page.goto(url('/login', 'demo'));
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('admin@demo.example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard/home', 'demo'), { timeout: 20_000 });
    const before = await publicLooks(page);
    try {
      await page.goto(url('/dashboard/colors', 'demo'));
      // The preview's sample dish is priced in the restaurant's currency (it said €12.50 to this dollar restaurant).
      const symbol = await page.evaluate(async () => ((await (await fetch('/api/tenant/settings')).json()) as { data: { currency_symbol: string } }).data.currency_symbol);
      expect(symbol).not.toBe('€');
      await expect.poll(() => page.getByText(`${symbol}12.50`, { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
      const primary = page.getByLabel('Primary colour');
      await expect.poll(() => primary.inputValue(), { timeout: 10_000 }).toMatch(/^#[0-9a-f]{6}$/);
      await primary.fill(CUSTOM);
      await page.getByRole('heading', { name: 'Contrast check' }).click();
      await expect.poll(() => page.getByTestId('contrast-verdict').textContent()).toBe('Passes');
      await snap(page, 'looks-colors-phone');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible(), { timeout: 10_000 }).toBe(true);

      await page.goto(url('/dashboard/layouts', 'demo'));
      await expect.poll(() => page.getByTestId('choice-list').isVisible(), { timeout: 10_000 }).toBe(true);
      await page.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await bannerPng() });
      await expect.poll(() => page.getByTestId('banner-preview').isVisible(), { timeout: 15_000 }).toBe(true);
      await page.getByTestId('choice-list').click();
      await page.getByTestId('choice-banner').click();
      await snap(page, 'looks-layouts-phone');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await publicLooks(page)).toMatchObject({ menu_layout: 'list', header_style: 'banner', primary_color: CUSTOM, banner_image: expect.stringMatching(/-1280\.webp$/) });

      // The storefront opens in list view, in the chosen colour, with the banner behind the header card.
      await page.goto(url('/', 'demo'));
      const listToggle = page.getByRole('button', { name: 'List view' });
      await expect.poll(() => listToggle.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
      await expect.poll(() => listToggle.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(CUSTOM_RGB);
      await expect.poll(() => listToggle.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
      const allTab = page.getByRole('tab', { name: 'All Categories' });
      await expect.poll(() => allTab.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(CUSTOM_RGB);
      await expect.poll(() => page.getByTestId('storefront-banner').isVisible()).toBe(true);
      await snap(page, 'looks-storefront-phone');
      // The guest's own choice still wins.
      await page.getByRole('button', { name: 'Grid view' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true');
      expect(page.url()).toContain('view=grid');
      await page.setViewportSize(DESKTOP);
      await page.goto(url('/', 'demo'));
      await expect.poll(() => page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
      await snap(page, 'looks-storefront-desktop');

      // The other pages on a phone, in German.
      await page.setViewportSize(PHONE);
      await page.evaluate(() => localStorage.setItem('language', 'de'));
      await page.goto(url('/dashboard/colors', 'demo'));
      await expect.poll(() => page.getByLabel('Hauptfarbe').inputValue(), { timeout: 10_000 }).toBe(CUSTOM);
      await expect.poll(() => page.getByTestId('contrast-verdict').textContent()).toBe('Bestanden');
      await snap(page, 'looks-colors-phone-de');
      await page.goto(url('/dashboard/themes', 'demo'));
      await expect.poll(() => page.getByText('Aktuell, eigene Farben').isVisible(), { timeout: 10_000 }).toBe(true);
      await snap(page, 'looks-themes-phone-de');
      await page.goto(url('/dashboard/layouts', 'demo'));
      await expect.poll(() => page.getByRole('heading', { name: 'Darstellung der Speisekarte' }).isVisible(), { timeout: 10_000 }).toBe(true);
      await snap(page, 'looks-layouts-phone-de');
    } finally {
      // Other journeys use the demo restaurant: give it back its looks (the banner goes with them).
      const looks = { theme: before.theme, primary_color: before.primary_color, accent_color: before.accent_color, menu_layout: before.menu_layout, header_style: before.header_style };
      const status = await page.evaluate(async (body) => {
        const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '');
        const res = await fetch('/api/tenant/admin/appearance', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}`, 'X-XSRF-TOKEN': xsrf },
          body: JSON.stringify(body),
        });
        return res.status;
      }, { ...looks, banner_image: null });
      expect(status).toBe(200);
      await context.close();
    }
  });

  it('a manager sees no looks pages, and a direct visit says it is not allowed', { timeout: 90_000 }, async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await page.goto(url('/login', 'demo'));
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('manager@demo.example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard/home', 'demo'), { timeout: 20_000 });
    await expect.poll(() => page.getByRole('link', { name: 'Products', exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const label of ['Themes', 'Colours', 'Layout']) expect(await page.getByRole('link', { name: label, exact: true }).count()).toBe(0);

    for (const path of ['/dashboard/themes', '/dashboard/colors', '/dashboard/layouts']) {
      await page.goto(url(path, 'demo'));
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'You are not authorized to perform this action.' }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.getByLabel('Primary colour').count()).toBe(0);
    }
    await snap(page, 'looks-manager-forbidden');
    await context.close();
  });
});
