import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();

// A real 4x4 PNG: uploads are checked by content on the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGN4EckDRwzEcQArMhTRxaf/8QAAAABJRU5ErkJggg==',
  'base64',
);

async function publicCategories(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const body = (await (await fetch('/api/tenant/public/categories')).json()) as { data: { data: { name: string }[] } };
    return body.data.data.map((c) => c.name);
  });
}

async function publicProductNames(page: Page, search: string): Promise<string[]> {
  return page.evaluate(async (q) => {
    const body = (await (await fetch(`/api/tenant/public/products?search=${encodeURIComponent(q)}`)).json()) as { data: { data: { name: string }[] } };
    return body.data.data.map((p) => p.name);
  }, search);
}

describe('an admin manages the menu and guests see it at once (issue #3)', () => {
  const category = `Specials ${uniqueSlug('c').slice(-5)}`;
  const product = `Chef's Special ${uniqueSlug('p').slice(-5)}`;

  it('creates a category, moves it to the top with the keyboard, adds a dish with a photo, and hides it by deactivating the category', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url('/login', 'demo'));
    await page.getByRole('main').getByLabel('E-mail').fill('admin@demo.example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard/home', 'demo'));

    // Category: create, then drag it (keyboard) to the first place.
    await page.goto(url('/dashboard/categories', 'demo'));
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(category);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const handle = page.getByRole('button', { name: new RegExp(`^Move ${category}`) });
    await handle.waitFor();
    const before = await publicCategories(page);
    expect(before.at(-1)).toBe(category);

    // The same name again, in other letters' case, is refused under the name; the list keeps one.
    await page.getByRole('button', { name: 'Add category' }).click();
    const repeat = page.getByRole('dialog');
    await repeat.getByLabel('Name').fill(category.toUpperCase());
    await repeat.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => repeat.getByText('A category with this name already exists.').isVisible()).toBe(true);
    // Leaving with Esc asks before the typed name is thrown away.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.getByRole('button', { name: 'Discard' }).click();
    await discard.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'New category' }).waitFor({ state: 'detached' });
    expect(await publicCategories(page)).toEqual(before);
    // dnd-kit measures between key presses, as a person's keystrokes would allow.
    const press = async (key: string) => {
      await page.keyboard.press(key);
      await page.waitForTimeout(200);
    };
    await handle.focus();
    await press('Space');
    // Two presses more than the places to climb: at the top one does nothing, and on a slow machine dnd-kit may still
    // be measuring when a press comes (one was lost in a CI run at half this machine's usual speed).
    for (let i = 0; i < before.length + 1; i++) await press('ArrowUp');
    await press('Space');
    await expect.poll(() => publicCategories(page), { timeout: 10_000 }).toEqual([category, ...before.slice(0, -1)]);
    await snap(page, 'menu-categories-desktop');

    // Product with an uploaded photo in the new category.
    await page.goto(url('/dashboard/products', 'demo'));
    await page.getByRole('button', { name: 'Add product' }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name').fill(product);
    await drawer.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: category }).click();
    // What a number field shows is what it keeps, and out of range it says so on leaving it: -5 once became a free
    // dish on leaving the price, 150 % a discount of 100 %, a stock of -3 one of 0.
    const price = drawer.getByLabel('Price');
    await drawer.getByRole('switch', { name: 'Track stock' }).click({ force: true });
    const discount = drawer.getByRole('textbox', { name: 'Discount' });
    const stock = drawer.getByRole('textbox', { name: 'Quantity in stock' });
    const outOfRange = [
      [price, '-5', '-5.00', 'Must be at least $0.00.'],
      [price, '99999999', '99999999.00', 'Must be at most $100,000.00.'],
      [discount, '150', '150%', 'Must be at most 100%.'],
      [stock, '-3', '-3', 'Must be at least 0.'],
      [stock, '99999999', '99999999', 'Must be at most 1000000.'],
    ] as const;
    for (const [field, typed, shown, message] of outOfRange) {
      await field.fill(typed);
      await field.press('Tab');
      expect(await field.inputValue(), typed).toBe(shown);
      await expect.poll(() => drawer.getByText(message).isVisible(), { message: typed }).toBe(true);
    }
    await stock.fill('5');
    await drawer.getByRole('switch', { name: 'Track stock' }).click({ force: true });
    await discount.fill('0');
    await drawer.getByLabel('Price').fill('9.50');
    await page.locator('input[type=file]').setInputFiles({ name: 'dish.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => drawer.locator('img[src*="/uploads/t/"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible()).toBe(true);
    await snap(page, 'menu-products-desktop');

    // Guests see it, with the photo served as WebP.
    await page.goto(url('/', 'demo'));
    await expect.poll(() => publicProductNames(page, product)).toEqual([product]);
    const image = await page.evaluate(async (q) => {
      const body = (await (await fetch(`/api/tenant/public/products?search=${encodeURIComponent(q)}`)).json()) as { data: { data: { image: string }[] } };
      const response = await fetch(body.data.data[0]!.image);
      return { type: response.headers.get('content-type'), cache: response.headers.get('cache-control') };
    }, product);
    expect(image.type).toBe('image/webp');
    expect(image.cache).toContain('immutable');

    // Deactivating the category hides the dish from guests everywhere.
    await page.goto(url('/dashboard/categories', 'demo'));
    await page.getByRole('switch', { name: `${category} visible to guests` }).click();
    await expect.poll(() => publicCategories(page), { timeout: 10_000 }).not.toContain(category);
    await expect.poll(() => publicProductNames(page, product)).toEqual([]);
    await context.close();
  });

  it('the option group dialog on a 375 px phone, in German: the whole screen, one line per option, Save in reach', async () => {
    const { context, page } = await browser.newPage({ viewport: { ...PHONE, width: 375 }, language: 'de' });
    await signIn(page, { email: 'admin@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });
    await page.goto(url('/dashboard/option-groups', 'demo'));
    await page.getByRole('button', { name: 'Optionsgruppe hinzufügen' }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name von Option 1' }).waitFor();
    await page.waitForTimeout(400);
    // Full screen: the dialog is as wide as the phone.
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.width)).toBe(375);
    // A new group starts with one empty option row (a one-option group had to delete a second empty row first, #5).
    expect(await dialog.getByRole('textbox', { name: /^Name von Option/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Option hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Name von Option 2' }).waitFor();
    // Each option's switch and bin sit on the same line as its name, not wrapped below it.
    for (const n of [1, 2]) {
      const name = (await dialog.getByRole('textbox', { name: `Name von Option ${n}` }).boundingBox())!;
      for (const control of [dialog.getByRole('switch', { name: `Option ${n} verfügbar` }), dialog.getByRole('button', { name: `Option ${n} entfernen` })]) {
        const b = (await control.boundingBox())!;
        expect(b.y, `option ${n}`).toBeLessThan(name.y + name.height);
        expect(b.x + b.width, `option ${n}`).toBeLessThanOrEqual(375);
      }
    }
    // A price change may be negative (a smaller size) and stays as typed; "Bis zu" is not cut to 30 on leaving it.
    const delta = dialog.getByRole('textbox', { name: 'Preisänderung von Option 1' });
    await delta.fill('-1,50');
    await delta.press('Tab');
    expect(await delta.inputValue()).toBe('-1,50');
    const upTo = dialog.getByRole('textbox', { name: /^Bis zu/ });
    await upTo.fill('50');
    await upTo.press('Tab');
    expect(await upTo.inputValue()).toBe('50');
    await expect.poll(() => dialog.getByText('Darf höchstens 30 sein.').isVisible()).toBe(true);
    await snap(page, 'option-group-phone-de');
    // Save is reachable: scrolled to, it is inside the screen.
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await save.scrollIntoViewIfNeeded();
    const s = (await save.boundingBox())!;
    expect(s.y + s.height).toBeLessThanOrEqual(844);
    expect(s.x + s.width).toBeLessThanOrEqual(375);
    await snap(page, 'option-group-phone-de-save');
    await context.close();
  });

  it('the products list on a 375 px phone, in German: the first dish on the first screen, status and sort behind "Filter"', async () => {
    const { context, page } = await browser.newPage({ viewport: { width: 375, height: 812 }, language: 'de' });
    await signIn(page, { email: 'admin@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });
    await page.goto(url('/dashboard/products', 'demo'));
    // The first dish's checkbox, at the top of its card: four stacked fields had put it at y≈575 of 812.
    const first = page.getByRole('checkbox', { name: /^(?!Alle Produkte dieser Seite).+ auswählen$/ }).filter({ visible: true }).first();
    await first.waitFor({ timeout: 10_000 });
    expect((await first.boundingBox())!.y).toBeLessThan(480);
    const status = page.getByRole('textbox', { name: 'Status', exact: true });
    const sort = page.getByRole('textbox', { name: 'Sortieren nach', exact: true });
    expect(await status.isVisible()).toBe(false);
    expect(await sort.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => status.isVisible()).toBe(true);
    expect(await sort.isVisible()).toBe(true);
    // A filter in use is counted on the button.
    await status.click();
    await page.getByRole('option', { name: 'Inaktiv', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Filter (1)', exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'products-phone-de-filters');

    // A price pasted with a point is euros and cents in German too (it became 950,00 €); "1.500" is fifteen hundred.
    await page.getByRole('button', { name: 'Produkt hinzufügen' }).first().click();
    const price = page.getByRole('dialog').getByLabel('Preis');
    for (const [entered, shown] of [['9.50', '9,50'], ['12.3', '12,30'], ['9,5', '9,50'], ['1.500', '1500,00']] as const) {
      await price.fill(entered);
      expect(await price.inputValue(), entered).toBe(shown);
    }
    await context.close();
  });
});
