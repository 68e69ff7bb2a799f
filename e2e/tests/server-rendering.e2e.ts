import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DESKTOP, PHONE, url, useBrowser } from '../support/browser.ts';
import { recordViolations } from '../support/csp.ts';

const browser = useBrowser();
type Lang = 'en' | 'de';

/** Errors the page reports: uncaught ones (React's hydration failures among them) and console errors. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** A visitor whose earlier language choice (the switcher's cookie) is `lang`, optionally with no JavaScript at all. */
async function visit(lang: Lang, viewport: typeof PHONE, options: { javascript: boolean; sub?: string }) {
  const { context, page } = await browser.newPage({ viewport, language: lang });
  await context.addCookies([{ name: 'language', value: lang, url: url('/', options.sub) }]);
  // What the server sent, before any script ran: the app's scripts never arrive.
  if (!options.javascript) await page.route('**/build/assets/*.js', (route) => route.abort());
  return { context, page, errors: collectErrors(page) };
}

/**
 * Loads a server-rendered page whose scripts are blocked: the app never marks itself ready (support/browser.ts waits
 * for that). On a busy machine the server may send the page unrendered while its render, slower than 3 s, goes on
 * into the cache for the next visitor (page-renderer.ts, by design): so a page without the server's HTML is asked
 * for again, a few times; one that never gets it fails the test's own checks.
 */
async function loadWithoutApp(page: Page, address: string) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(address, { waitUntil: 'commit' });
    await page.waitForLoadState('load');
    if (attempt === 5 || (await page.locator('#root').getAttribute('data-ssr')) !== null) return;
    await page.waitForTimeout(1_000);
  }
}

/**
 * Holds the page's lazy chunks (the entry, self-contained, runs at once): until `release`, the server's HTML is on
 * screen and React has not taken it over. `running` resolves once a chunk is asked for and the page has its styles:
 * the first request can be a `modulepreload` in the head, before the stylesheet has arrived, and a layout measured
 * then is one no browser paints (a 176 px "shift" on a loaded machine).
 */
async function holdPageChunks(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/build/assets/*.js', async (route) => {
    if (/\/index-[\w-]+\.js$/.test(route.request().url())) return route.continue();
    asked();
    await held;
    await route.continue();
  });
  const running = chunkAsked.then(() =>
    page.waitForFunction(() => document.body !== null && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null), undefined, { polling: 50 }),
  );
  return { running, release };
}

const TEXT = {
  en: { allCategories: 'All categories', cart: (n: number) => `Open the cart (${n} ${n === 1 ? 'item' : 'items'})`, add: (dish: string) => `Add ${dish} to the cart`, heroTitle: 'Your restaurant online,', price: '$11.90' },
  de: { allCategories: 'Alle Kategorien', cart: (n: number) => `Warenkorb öffnen (${n} Artikel)`, add: (dish: string) => `${dish} in den Warenkorb legen`, heroTitle: 'Ihr Restaurant online,', price: '11,90 $' },
};

describe('server-rendered storefront landing', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`arrives with the restaurant, its categories and its first dishes as HTML (${lang}, phone, no JavaScript)`, async () => {
      const { context, page } = await visit(lang, PHONE, { javascript: false, sub: 'demo' });
      await loadWithoutApp(page, url('/', 'demo'));
      const details = (await call<{ business_name: string }>(page, 'GET', '/tenant/get-tenant-details', { as: 'guest' })).body.data;
      const menu = (await call<{ data: { name: string }[] }>(page, 'GET', '/tenant/public/products?per_page=12', { as: 'guest' })).body.data;
      expect(await page.locator('#root').getAttribute('data-ssr')).toBe(lang);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(details.business_name);
      expect(await page.getByRole('tab', { name: TEXT[lang].allCategories }).count()).toBe(1);
      const dishes = await page.locator('main article').getByRole('heading', { level: 3 }).allTextContents();
      expect(dishes.length).toBeGreaterThan(0);
      expect(dishes).toEqual(menu.data.map((dish) => dish.name).slice(0, dishes.length));
      expect(await page.getByRole('button', { name: TEXT[lang].add(dishes[0]!) }).count()).toBeGreaterThan(0);
      // The skip link is off screen until focused, though its chunk never loaded.
      const skip = await page.locator('a.tavolo-skip-link').boundingBox();
      expect(skip!.y + skip!.height).toBeLessThanOrEqual(0);
      await context.close();
    });

    it(`is taken over by the browser without a hydration error, and a tap made before that still counts (${lang}, desktop)`, async () => {
      const { context, page, errors } = await visit(lang, DESKTOP, { javascript: true, sub: 'demo' });
      // Hydration has not happened when the guest taps "add" (the entry asking for a chunk shows it runs and holds taps).
      const { running, release } = await holdPageChunks(page);
      await page.goto(url('/', 'demo'), { waitUntil: 'commit' });
      await running;
      await page.getByRole('button', { name: new RegExp(`^${TEXT[lang].add('.+')}$`) }).first().click();
      expect(await page.getByRole('button', { name: TEXT[lang].cart(0) }).count(), 'not taken over yet').toBe(1);
      release();
      await expect.poll(() => page.getByRole('button', { name: TEXT[lang].cart(1) }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('#root').getAttribute('data-ssr')).toBe(lang);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('holds a tap made before the app\'s entry module has even run, and adds that dish once the app has taken over (phone)', async () => {
    const { context, page, errors } = await visit('en', PHONE, { javascript: true, sub: 'demo' });
    const violations = await recordViolations(page);
    // The entry module itself is held back: only the server's inline script can see the tap.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/build\/assets\/index-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(url('/', 'demo'), { waitUntil: 'commit' });
    await requested;
    const add = page.getByRole('button', { name: new RegExp(`^${TEXT.en.add('.+')}$`) }).first();
    const dish = /^Add (.+) to the cart$/.exec((await add.getAttribute('aria-label'))!)![1]!;
    await add.click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready')), 'the app has not run yet').toBe(false);
    expect(await page.getByRole('button', { name: TEXT.en.cart(0) }).count()).toBe(1);
    release();
    await expect.poll(() => page.getByRole('button', { name: TEXT.en.cart(1) }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: TEXT.en.cart(1) }).click();
    await expect.poll(() => page.getByRole('dialog').getByText(dish, { exact: true }).count()).toBe(1);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has the logo at the screen's size in the HTML already, so it does not jump when the browser takes over", async () => {
    for (const [viewport, size] of [[PHONE, 60], [DESKTOP, 88]] as const) {
      const logoSize = async (page: Page) => (await page.locator('[data-header-style] .mantine-Avatar-root').boundingBox())?.height;
      const bare = await visit('en', viewport, { javascript: false, sub: 'demo' });
      await loadWithoutApp(bare.page, url('/', 'demo'));
      expect(await logoSize(bare.page)).toBe(size);
      await bare.context.close();
      const { context, page, errors } = await visit('en', viewport, { javascript: true, sub: 'demo' });
      await page.goto(url('/', 'demo'));
      expect(await logoSize(page)).toBe(size);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('opens the sort menu tapped while its menu code is still on the way', async () => {
    const { context, page, errors } = await visit('en', PHONE, { javascript: true, sub: 'demo' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/build/assets/floating-parts-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/', 'demo'));
    await page.getByRole('button', { name: 'Sort by: Default' }).click();
    release();
    await expect.poll(() => page.getByRole('menuitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the keyboard focus on the sort button through hydration and through its menu arriving on Enter', async () => {
    const { context, page, errors } = await visit('en', DESKTOP, { javascript: true, sub: 'demo' });
    const { running, release } = await holdPageChunks(page);
    // Registered last, so it answers first: the menu code stays away after the page's chunks are let through.
    let releaseMenu!: () => void;
    const menuHeld = new Promise<void>((resolve) => (releaseMenu = resolve));
    await page.route('**/build/assets/floating-parts-*.js', async (route) => {
      await menuHeld;
      await route.continue();
    });
    await page.goto(url('/', 'demo'), { waitUntil: 'commit' });
    await running;
    // A keyboard user on the server's button before the app has taken over (marked to tell it from its successors).
    const sort = page.getByRole('button', { name: 'Sort by: Default' });
    await sort.evaluate((button) => ((button as HTMLElement & { fromServer?: boolean }).fromServer = true));
    await sort.focus();
    expect(await sort.getAttribute('aria-haspopup'), 'says what it opens before its menu code is there').toBe('menu');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Hydrated in place: the very element the server sent, still focused.
    expect(await sort.evaluate((button) => (button as HTMLElement & { fromServer?: boolean }).fromServer === true)).toBe(true);
    expect(await focused()).toBe('Sort by: Default');
    // Enter while the menu code is still on the way: the menu opens once it arrives, and the focus stays in it.
    await page.keyboard.press('Enter');
    releaseMenu();
    await expect.poll(() => page.getByRole('menuitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="menu"], [aria-haspopup="menu"]'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("mounts a dish's tooltip and allergen popover only when reached for: hover shows the diet, a tap the allergens", async () => {
    const { context, page, errors } = await visit('en', DESKTOP, { javascript: true, sub: 'demo' });
    await page.goto(url('/', 'demo'));
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.locator('[role="tooltip"], [role="dialog"]').count(), 'nothing floating before anyone asks').toBe(0);
    const diet = page.getByRole('listitem', { name: /^(Vegan|Vegetarian)$/ }).first();
    const dietName = await diet.getAttribute('aria-label');
    await diet.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 15_000 }).toBe(dietName);
    const allergens = page.getByRole('button', { name: /^Allergens in / }).first();
    expect(await allergens.getAttribute('aria-haspopup')).toBe('dialog');
    await allergens.click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the language stored in the browser when the cookie says another, and the server follows it from the next page', async () => {
    const { context, page, errors } = await visit('en', PHONE, { javascript: true, sub: 'demo' });
    await context.addCookies([{ name: 'language', value: 'de', url: url('/', 'demo') }]);
    await page.goto(url('/', 'demo'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Rendered anew rather than taken over: the server's inline click holder has stopped, so taps work.
    await page.getByRole('button', { name: new RegExp(`^${TEXT.en.add('.+')}$`) }).first().click();
    await expect.poll(() => page.getByRole('button', { name: TEXT.en.cart(1) }).count()).toBe(1);
    await page.reload();
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('en');
    expect(await page.getByRole('tab', { name: TEXT.en.allCategories }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes over the page in the language of the cookie when the browser stored none', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    const errors = collectErrors(page);
    await context.addCookies([{ name: 'language', value: 'de', url: url('/', 'demo') }]);
    await page.goto(url('/', 'demo'));
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('de');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByRole('tab', { name: TEXT.de.allCategories }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders in the language the visitor switches to, from the next page on', async () => {
    const { context, page, errors } = await visit('en', PHONE, { javascript: true, sub: 'demo' });
    await page.goto(url('/', 'demo'));
    await page.getByText('DE', { exact: true }).first().click();
    await expect.poll(() => page.getByRole('tab', { name: TEXT.de.allCategories }).count()).toBe(1);
    await page.reload();
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('de');
    await expect.poll(() => page.getByRole('tab', { name: TEXT.de.allCategories }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('server-rendered marketing pages', () => {
  it('stay where the visitor scrolled them before the browser took them over', async () => {
    const { context, page, errors } = await visit('en', PHONE, { javascript: true });
    const { running, release } = await holdPageChunks(page);
    await page.goto(url('/pricing'), { waitUntil: 'commit' });
    await running;
    // The held chunk may be the one the HTML preloads, asked for while the page is still being parsed: scroll once
    // the server's page is all there (a busy machine parses slowly), and check the scroll took.
    await page.waitForFunction(() => document.querySelector('#root footer') !== null && document.documentElement.scrollHeight >= 1000 + window.innerHeight);
    await page.evaluate(() => window.scrollTo(0, 1000));
    expect(await page.evaluate(() => window.scrollY)).toBe(1000);
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    await page.waitForTimeout(300);
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('en');
    expect(await page.evaluate(() => window.scrollY)).toBe(1000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keep their layout when the browser takes them over (the contact form)', async () => {
    const { context, page, errors } = await visit('en', DESKTOP, { javascript: true });
    const { running, release } = await holdPageChunks(page);
    await page.goto(url('/contact'), { waitUntil: 'commit' });
    await running;
    const send = page.getByRole('button', { name: 'Send message' });
    const before = (await send.boundingBox())!.y;
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    await page.waitForTimeout(300);
    expect(Math.abs((await send.boundingBox())!.y - before)).toBeLessThan(4);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('server-rendered marketing home', () => {
  for (const [lang, viewport] of [['en', PHONE], ['de', DESKTOP]] as const) {
    it(`arrives as HTML and hydrates without an error (${lang})`, async () => {
      const bare = await visit(lang, viewport, { javascript: false });
      await loadWithoutApp(bare.page, url('/'));
      expect(await bare.page.getByRole('heading', { level: 1 }).textContent()).toContain(TEXT[lang].heroTitle);
      // The pictured storefront writes its prices as the page's language does.
      expect(await bare.page.getByText(TEXT[lang].price, { exact: true }).count()).toBe(1);
      // The plan cards' figures are in the HTML too.
      const plans = (await call<{ id: string; price_cents: number }[]>(bare.page, 'GET', '/plans', { as: 'guest' })).body.data;
      await loadWithoutApp(bare.page, url('/pricing'));
      const premium = plans.find((plan) => plan.id === 'premium')!;
      expect((await bare.page.getByTestId('pricing-premium-price').textContent())?.replace(/\s/g, ' ')).toBe(lang === 'de' ? `${premium.price_cents / 100} $` : `$${premium.price_cents / 100}`);
      await bare.context.close();

      const { context, page, errors } = await visit(lang, viewport, { javascript: true });
      await page.goto(url('/'), { waitUntil: 'networkidle' });
      expect(await page.locator('#root').getAttribute('data-ssr')).toBe(lang);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(TEXT[lang].heroTitle);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('server-rendered checkout', () => {
  it('arrives as the restaurant\'s frame with the title; the cart and the form (from the browser\'s storage) come with hydration (de, phone, no JavaScript)', async () => {
    const { context, page } = await visit('de', PHONE, { javascript: false, sub: 'demo' });
    await loadWithoutApp(page, url('/checkout', 'demo'));
    const details = (await call<{ business_name: string }>(page, 'GET', '/tenant/get-tenant-details', { as: 'guest' })).body.data;
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('de');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Kasse');
    expect(await page.locator('header').getByText(details.business_name).count()).toBeGreaterThan(0);
    // Nothing the server cannot know: no empty-cart message, no form yet.
    expect(await page.getByLabel('Vollständiger Name').count()).toBe(0);
    await context.close();
  });

  for (const [lang, viewport] of [['en', PHONE], ['de', DESKTOP]] as const) {
    it(`shows the stored cart and the form once taken over, without an error or a layout shift (${lang})`, async () => {
      const { context, page, errors } = await visit(lang, viewport, { javascript: true, sub: 'demo' });
      await page.goto(url('/', 'demo'));
      const add = page.getByRole('button', { name: new RegExp(`^${TEXT[lang].add('.+')}$`) }).first();
      const dish = (await add.getAttribute('aria-label'))!.replace(lang === 'en' ? /^Add (.+) to the cart$/ : /^(.+) in den Warenkorb legen$/, '$1');
      await add.click();
      await expect.poll(() => page.getByRole('button', { name: TEXT[lang].cart(1) }).count()).toBe(1);

      // The placeholders stand where the form comes, and the form's own placeholders where the restaurant's options
      // come: what is on screen does not move when they are replaced. (A shift of 0.13-0.24 on loaded machines was the
      // server's placeholder painted while it streamed in: its columns are now placed before they arrive.)
      await page.goto(url('/checkout', 'demo'));
      expect(await page.locator('#root').getAttribute('data-ssr')).toBe(lang);
      await page.getByLabel(lang === 'en' ? 'Full name' : 'Vollständiger Name').waitFor();
      expect(await page.getByRole('heading', { name: lang === 'en' ? 'Your order' : 'Ihre Bestellung' }).count()).toBe(1);
      expect(await page.getByText(dish, { exact: true }).count()).toBeGreaterThan(0);
      const shift = await page.evaluate(
        () =>
          new Promise<{ value: number; sources: string[] }>((resolve) => {
            const found = { value: 0, sources: [] as string[] };
            type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                if (entry.hadRecentInput) continue;
                found.value += entry.value;
                for (const { node } of entry.sources) found.sources.push(node instanceof Element ? `${node.tagName}.${node.className}`.slice(0, 80) : String(node?.nodeName));
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(found), 500);
          }),
      );
      expect(shift.value, `shifted: ${shift.sources.join(', ')}`).toBeLessThan(0.005);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
