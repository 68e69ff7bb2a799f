import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEO_PATHS, seoTitle, type TSeoPath } from '@tavolo/contracts/seo';
import { wcagAxe } from '../support/axe.ts';
import { DESKTOP, PHONE, fitsWidth, snap, url, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
type Lang = 'en' | 'de';
type Dict = { [key: string]: string | Dict };

// The h1 each page must show, read from the same locale files the app is built from.
const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
const load = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as Dict;
const get = (dict: Dict, key: string) => key.split('.').reduce<string | Dict>((node, part) => (node as Dict)[part]!, dict) as string;

function heading(lang: Lang, pagePath: TSeoPath): string {
  const marketing = load(lang, 'marketing');
  if (pagePath === '/') return `${get(marketing, 'home.hero.title')} ${get(marketing, 'home.hero.highlight')}`;
  if (pagePath === '/tenant-register') return get(marketing, 'register.title');
  if (pagePath === '/login') return get(load(lang, 'auth'), 'login_title');
  return get(marketing, `pages.${pagePath.slice(1)}.title`);
}

const PATHS = Object.keys(SEO_PATHS) as TSeoPath[];

async function expectPage(page: Page, lang: Lang, pagePath: TSeoPath) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect.poll(() => h1.first().textContent(), { message: `${lang} ${pagePath} h1` }).toBe(heading(lang, pagePath));
  expect(await h1.count(), `${pagePath}: one h1`).toBe(1);
  await expect.poll(() => page.title(), { message: `${lang} ${pagePath} title` }).toBe(seoTitle(lang, SEO_PATHS[pagePath]));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length ?? 0, `${pagePath}: meta description`).toBeGreaterThan(60);
}

/** axe with the WCAG 2 A and AA rules: nothing serious or critical. */
async function expectAccessible(page: Page, label: string) {
  const { violations } = await wcagAxe(page).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, label).toEqual([]);
}

describe('the marketing site in English and German', () => {
  it('every page has its title, h1 and description in English, and passes axe', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    for (const pagePath of PATHS) {
      await page.goto(url(pagePath));
      await expectPage(page, 'en', pagePath);
      await expectAccessible(page, `en ${pagePath}`);
    }
    await context.close();
  });

  it('?lang=de shows every page in German (as the hreflang links promise), and it passes axe', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    for (const pagePath of PATHS) {
      await page.goto(url(`${pagePath}?lang=de`));
      await expectPage(page, 'de', pagePath);
      await expectAccessible(page, `de ${pagePath}`);
    }
    await snap(page, 'marketing-login-de-desktop');
    await context.close();
  });

  it('the language switcher turns the page German, and client-side navigation keeps title and description per page', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url('/food-ordering'));
    await expectPage(page, 'en', '/food-ordering');
    const englishDescription = await page.locator('meta[name="description"]').getAttribute('content');

    await page.getByText('DE', { exact: true }).first().click();
    await expectPage(page, 'de', '/food-ordering');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe(englishDescription);

    // Through the navigation, without reloading: the head follows the page.
    await page.getByRole('banner').getByRole('link', { name: 'Preise' }).click();
    await page.waitForURL(url('/pricing'));
    await expectPage(page, 'de', '/pricing');
    // "Premium wählen" leads to the sign-up, which says how Premium follows (every restaurant starts on Free).
    await page.getByRole('link', { name: 'Premium wählen' }).click();
    await page.waitForURL(url('/tenant-register?plan=premium'));
    await expect.poll(() => page.getByText('Sie haben Premium gewählt').isVisible()).toBe(true);
    await page.goBack();
    await page.waitForURL(url('/pricing'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Über uns' }).click();
    await expectPage(page, 'de', '/about');
    await page.getByRole('link', { name: 'Tavolo-Startseite' }).first().click();
    await expectPage(page, 'de', '/');
    // The choice sticks.
    await page.reload();
    await expectPage(page, 'de', '/');
    await context.close();
  });

  it('in German on a phone no page sticks out sideways (long compounds such as "Nutzungsbedingungen" in the h1 break)', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    for (const pagePath of PATHS) {
      await page.goto(url(`${pagePath}?lang=de`));
      await expectPage(page, 'de', pagePath);
      expect(await fitsWidth(page), `de ${pagePath} on a phone`).toBe(true);
    }
    await context.close();
  });

  it('on a phone the menu opens, its links work and it closes; nothing sticks out sideways', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'en' });
    await page.goto(url('/'));
    await expectPage(page, 'en', '/');
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, 'phone /');

    const menu = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    // Mid-slide, the half-transparent menu would fail the contrast check.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await expectAccessible(page, 'phone menu open');
    await menu.getByRole('link', { name: 'Restaurant Services' }).click();
    await page.waitForURL(url('/restaurant-services'));
    await expectPage(page, 'en', '/restaurant-services');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);

    // The close button closes it where it is.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => menu.count()).toBe(0);
    expect(page.url()).toBe(url('/restaurant-services'));

    // 'Get Access Now' in the menu leads to sign-up.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Get Access Now' }).click();
    await page.waitForURL(url('/tenant-register'));
    await expectPage(page, 'en', '/tenant-register');
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
