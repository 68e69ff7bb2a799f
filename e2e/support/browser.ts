import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const DEMO_PASSWORD = 'tavolo-demo';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** apps/web/src/lib/storage.ts: set once the dashboard tour was finished or skipped. */
export const TOUR_DONE_KEY = 'dashboard_tour_done';

/** Which of global-setup's servers this test file uses: the one of its worker (VITEST_POOL_ID counts from 1). */
export function serverIndex(): number {
  return (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % inject('ports').length;
}

/** http://<host>:<port> of this file's server (global-setup); `sub` picks a restaurant's host. */
export function url(path = '/', sub?: string): string {
  return `http://${sub ? `${sub}.` : ''}localhost:${inject('ports')[serverIndex()]}${path}`;
}

/** One Debian Chromium per test file; never a downloaded browser. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });

  return {
    /**
     * A fresh browser profile (own localStorage and cookies) at the given viewport, language and (IANA) time zone of
     * the device. The dashboard's first-visit tour is marked as seen (it would cover what other journeys click),
     * unless `tour` asks for it.
     */
    async newPage(
      options: { viewport?: { width: number; height: number }; language?: 'en' | 'de'; tour?: boolean; timeZone?: string } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({ viewport: options.viewport ?? DESKTOP, timezoneId: options.timeZone });
      if (!options.tour) {
        await context.addInitScript((key) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, 'e2e');
        }, TOUR_DONE_KEY);
      }
      if (options.language) {
        await context.addInitScript((lang) => {
          if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
        }, options.language);
      }
      context.on('page', waitForAppOnLoad);
      const page = await context.newPage();
      return { context, page };
    },
  };
}

/**
 * After goto / reload, wait until the app has taken the page over (main.tsx marks <html data-app-ready>): public
 * pages arrive server-rendered, and a test acts faster than a person would. Not for `waitUntil: 'commit'` (a
 * test that wants the page before that) nor for addresses that are no app page (a picture, an API answer).
 */
function waitForAppOnLoad(page: Page) {
  const ready = () => page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (address, options) => {
    const response = await goto(address, options);
    if (options?.waitUntil !== 'commit') await ready();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await ready();
    return response;
  };
}

/**
 * Clicks `target` until `shown` is visible, for a click whose repetition is harmless (opening a dialog, sending an
 * empty form): on a loaded CI machine a click was lost twice, and waiting longer never brought its result.
 */
export async function clickUntilVisible(target: Locator, shown: Locator, timeout = 30_000) {
  const until = Date.now() + timeout;
  for (;;) {
    await target.click({ timeout: Math.max(1, until - Date.now()) });
    try {
      return await shown.waitFor({ timeout: Math.min(5_000, Math.max(1, until - Date.now())) });
    } catch (error) {
      if (Date.now() >= until) throw error;
    }
  }
}

/** Saves a screenshot under e2e/screenshots when SCREENSHOTS=1 (for looking at pages, not for asserting). */
export async function snap(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/** The accessible name of a day of the date pickers: "Wednesday, November 25, 2026" / "Mittwoch, 25. November 2026". */
export const calendarDay = (date: string, lang: 'en' | 'de' = 'en') =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(lang === 'de' ? 'de-DE' : 'en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Opens a date field's calendar (components/ui/day-input.tsx) and picks a day, turning the months (forward unless
 * told) until it shows.
 */
export async function pickDay(page: Page, field: Locator, date: string, { lang = 'en', back = false }: { lang?: 'en' | 'de'; back?: boolean } = {}) {
  const day = page.getByRole('button', { name: calendarDay(date, lang) });
  await field.click();
  // The calendar opens with a transition: wait for it before asking whether the day is in the month shown.
  const turn = page.locator(`[data-direction=${back ? 'previous' : 'next'}]`).first();
  await turn.waitFor();
  for (let months = 0; months < 24 && !(await day.isVisible()); months++) await turn.click();
  await day.click();
}

/** Nothing sticks out sideways (phones): the page is no wider than the window. */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

let counter = 0;
/** A sub-domain no other test uses. */
export function uniqueSlug(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
}
