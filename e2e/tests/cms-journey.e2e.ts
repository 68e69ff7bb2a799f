import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DEMO_PASSWORD, DESKTOP, PHONE, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { registerRestaurant, signIn } from '../support/restaurant.ts';

const browser = useBrowser();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Types into the visible rich-text editor: plain text, then a bold word through the toolbar, then more text. */
async function writeBody(page: Page, before: string, bold: string, after: string) {
  const editor = page.getByRole('textbox', { name: 'Text' });
  await editor.click();
  await page.keyboard.type(before);
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(bold);
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(after);
}

/** A public read as a guest of that host would make it, in the given language. */
async function publicPage(page: Page, path: string, language: 'en' | 'de') {
  return page.evaluate(
    async ([p, lang]) => ((await (await fetch(p, { headers: { 'X-Language': lang } })).json()) as { data: { title: string; body_html: string; is_default: boolean } }).data,
    [path, language] as const,
  );
}

/** Fills the title and the body of the language tab that is showing. */
async function writeVersion(page: Page, title: string, body: [string, string, string]) {
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Title' }).fill(title);
  const editor = drawer.getByRole('textbox', { name: 'Text' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await writeBody(page, ...body);
}

describe('content pages: owners write them in two languages, guests read them (issue #3)', () => {
  it('a new restaurant finds About, Privacy and Terms ready to write, and publishes its own About in English and German', async () => {
    const slug = uniqueSlug('cms');
    const { context, page: owner } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await registerRestaurant(owner, { name: 'Pagina Trattoria', slug });

    // Before anything is written, the storefront already has standard pages built from the restaurant's details.
    expect(await publicPage(owner, '/api/tenant/public/pages/about', 'de')).toMatchObject({ title: 'Über Pagina Trattoria', is_default: true });

    await owner.getByRole('link', { name: 'Pages' }).first().click();
    await owner.waitForURL(url('/dashboard/cms', slug));
    for (const title of ['About us', 'Privacy policy', 'Terms and conditions']) {
      await expect.poll(() => owner.getByRole('button', { name: title, exact: true }).isVisible()).toBe(true);
    }
    await expect.poll(() => owner.getByTestId('cms-page-about').getByText('Standard text').isVisible()).toBe(true);

    await owner.getByRole('button', { name: 'Write About us' }).click();
    const drawer = owner.getByRole('dialog');
    await expect.poll(() => drawer.getByRole('heading', { name: 'About us' }).isVisible()).toBe(true);
    expect(await drawer.getByLabel('Address').inputValue()).toBe('about');
    expect(await drawer.getByLabel('Address').getAttribute('readonly')).not.toBeNull();

    await writeVersion(owner, 'Our story', ['We cook with ', 'love', ' since 1962.']);
    await drawer.getByRole('tab', { name: 'Deutsch' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Title' }).isVisible()).toBe(true);
    await writeVersion(owner, 'Unsere Geschichte', ['Wir kochen mit ', 'Liebe', ' seit 1962.']);
    expect(await drawer.getByRole('switch', { name: /^Published/ }).isChecked()).toBe(true);
    await snap(owner, 'cms-editor-desktop');
    await owner.setViewportSize(PHONE);
    await snap(owner, 'cms-editor-phone');
    await owner.setViewportSize(DESKTOP);

    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByText('Changes saved successfully').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => owner.getByTestId('cms-page-about').getByText('Published').isVisible()).toBe(true);
    await expect.poll(() => owner.getByTestId('cms-page-about').getByRole('button', { name: 'Our story', exact: true }).isVisible()).toBe(true);
    await snap(owner, 'cms-list-desktop');

    expect(await publicPage(owner, '/api/tenant/public/pages/about', 'en')).toMatchObject({ title: 'Our story', body_html: '<p>We cook with <strong>love</strong> since 1962.</p>', is_default: false });
    expect(await publicPage(owner, '/api/tenant/public/pages/about', 'de')).toMatchObject({ title: 'Unsere Geschichte', body_html: '<p>Wir kochen mit <strong>Liebe</strong> seit 1962.</p>' });
    await context.close();
  });

  it('in German on a phone the page has its heading, every word of the titles stays whole, and the editor opens on Deutsch', async () => {
    const { context, page: owner } = await browser.newPage({ viewport: { width: 375, height: 812 }, language: 'de' });
    await signIn(owner, { email: 'admin@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });
    // A page written in English only (a draft): the German list shows its English title, marked as English.
    const slug = uniqueSlug('wine');
    const draft = { slug, is_published: false, sort_order: 50, translations: { en: { title: 'Wine list', body_html: '' }, de: { title: '', body_html: '' } } };
    expect((await call(owner, 'POST', '/tenant/admin/cms-pages', { body: draft })).status).toBe(201);
    await owner.goto(url('/dashboard/cms', 'demo'));
    await expect.poll(() => owner.getByRole('main').getByRole('heading', { level: 2, name: 'Seiten', exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => owner.getByRole('button', { name: 'Datenschutzerklärung', exact: true }).isVisible()).toBe(true);
    // Each title carries the language it is written in, for screen readers and hyphenation (the English one said 'de', #3).
    expect(await owner.getByRole('button', { name: 'Wine list', exact: true }).getAttribute('lang')).toBe('en');
    expect(await owner.getByRole('button', { name: 'Datenschutzerklärung', exact: true }).getAttribute('lang')).toBe('de');
    await snap(owner, 'cms-list-de-phone');
    // Every word of a title stays whole on a 375 px phone ('Datenschutzerklärun/g', 'Geschäftsbedingung/en' were cut).
    const split = await owner.locator('[data-testid^="cms-page-"] .mantine-Anchor-root').evaluateAll((titles) =>
      titles.length < 3 ? ['(no titles)'] : titles.flatMap((title) => {
        const text = title.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const words: string[] = [];
        const re = /\S+/g;
        for (let m = re.exec(text.textContent ?? ''); m; m = re.exec(text.textContent ?? '')) {
          const range = document.createRange();
          range.setStart(text, m.index);
          range.setEnd(text, m.index + m[0].length);
          if ([...range.getClientRects()].filter((r) => r.width > 0).length > 1) words.push(m[0]);
        }
        return words;
      }),
    );
    expect(split).toEqual([]);

    await owner.getByRole('button', { name: 'Datenschutzerklärung', exact: true }).click();
    const drawer = owner.getByRole('dialog');
    await expect.poll(() => drawer.getByRole('tab', { name: 'Deutsch' }).getAttribute('aria-selected')).toBe('true');
    expect(await drawer.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('false');
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Titel' }).isVisible()).toBe(true);
    await owner.waitForTimeout(300);
    await snap(owner, 'cms-editor-de-phone');
    await owner.setViewportSize(DESKTOP);
    await owner.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    await snap(owner, 'cms-list-de-desktop');

    // A custom page's footer position keeps what it shows: 20000 became 10000 on leaving the field, without a word (#3).
    await owner.getByRole('button', { name: 'Wine list', exact: true }).click();
    const position = owner.getByRole('dialog').getByRole('textbox', { name: 'Position in der Fußzeile' });
    await position.fill('20000');
    const shown = await position.inputValue();
    await position.press('Tab');
    expect(await position.inputValue()).toBe(shown);
    expect(shown).not.toBe('10000');
    await context.close();
  });

  it('guests of an open restaurant read About in both languages, and the standard text once it is unpublished', async () => {
    const { context: ownerContext, page: owner } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await owner.goto(url('/login', 'demo'));
    await owner.getByRole('textbox', { name: 'E-mail', exact: true }).fill('admin@demo.example.com');
    await owner.getByLabel('Password').fill(DEMO_PASSWORD);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(url('/dashboard/home', 'demo'));
    await owner.goto(url('/dashboard/cms', 'demo'));

    const drawer = owner.getByRole('dialog');
    await owner.getByRole('button', { name: 'Edit Our story' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Our story');
    await writeVersion(owner, 'Our story', ['Fresh pasta, made with ', 'care', ' every morning.']);
    await drawer.getByRole('tab', { name: 'Deutsch' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Unsere Geschichte');
    await writeVersion(owner, 'Unsere Geschichte', ['Frische Pasta, mit ', 'Sorgfalt', ' jeden Morgen gemacht.']);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByText('Changes saved successfully').isVisible(), { timeout: 10_000 }).toBe(true);

    // A guest reads it in English, with the bold word, and finds it in the footer.
    const { context: guestContext, page: guest } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await guest.goto(url('/', 'demo'));
    await guest.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'Our story' }).click();
    await guest.waitForURL(url('/about', 'demo'));
    await expect.poll(() => heading(guest).textContent()).toBe('Our story');
    expect(await guest.locator('article strong').textContent()).toBe('care');
    expect(await guest.locator('article').textContent()).toContain('Fresh pasta, made with care every morning.');
    await snap(guest, 'cms-about-en-desktop');

    // Switching the language shows the German version.
    await guest.locator('label[for$="-de"]').first().click();
    await expect.poll(() => heading(guest).textContent()).toBe('Unsere Geschichte');
    expect(await guest.locator('article strong').textContent()).toBe('Sorgfalt');
    // The footer's links follow the language once their (public pages) query has refetched.
    await expect.poll(() => guest.getByRole('navigation', { name: 'Informationen' }).getByRole('link', { name: 'Datenschutzerklärung' }).isVisible()).toBe(true);
    await guest.setViewportSize(PHONE);
    await snap(guest, 'cms-about-de-phone');
    await guest.setViewportSize(DESKTOP);

    // An unknown custom page is a friendly 404 in the visitor's language.
    await guest.goto(url('/p/no-such-page', 'demo'));
    await expect.poll(() => heading(guest).textContent()).toBe('Seite nicht gefunden');

    // Unpublished: guests get the standard About text built from the restaurant's details.
    await owner.getByRole('button', { name: 'Edit Our story' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Our story');
    // The switch's input is visually hidden (it may sit outside the viewport in the drawer): click it from script.
    await drawer.getByRole('switch', { name: /^Published/ }).dispatchEvent('click');
    await expect.poll(() => drawer.getByRole('switch', { name: /^Published/ }).isChecked()).toBe(false);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByTestId('cms-page-about').getByText('Standard text').isVisible(), { timeout: 10_000 }).toBe(true);

    await guest.goto(url('/about', 'demo'));
    await expect.poll(() => heading(guest).textContent()).toBe('Über Trattoria Demo');
    expect(await guest.locator('article').textContent()).toContain('12 Harbour Street');
    await guest.locator('label[for$="-en"]').first().click();
    await expect.poll(() => heading(guest).textContent()).toBe('About Trattoria Demo');
    await guest.setViewportSize(PHONE);
    await snap(guest, 'cms-about-default-phone');

    // Leave the demo restaurant as it was: About published again.
    await owner.getByRole('button', { name: 'Edit Our story' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Our story');
    await drawer.getByRole('switch', { name: /^Published/ }).dispatchEvent('click');
    await expect.poll(() => drawer.getByRole('switch', { name: /^Published/ }).isChecked()).toBe(true);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByTestId('cms-page-about').getByText('Published').isVisible(), { timeout: 10_000 }).toBe(true);

    await guestContext.close();
    await ownerContext.close();
  });
});
