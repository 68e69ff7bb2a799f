import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAllDay } from '../support/api.ts';
import { DESKTOP, url, useBrowser } from '../support/browser.ts';
import { signIn } from '../support/restaurant.ts';

/**
 * Issue #11: a guest who only uses the keyboard (Tab, Shift+Tab, Enter, Space, arrows; never the mouse) orders from
 * the demo storefront: a dish with a required choice, the cart, the checkout form, the confirmation page.
 */
const browser = useBrowser();

interface Focused {
  tag: string;
  name: string;
  role: string | null;
  type: string | null;
  /** For a radio or checkbox: whether it is ticked. */
  checked: boolean | null;
  inDialog: boolean;
  dialogName: string | null;
  /** The browser draws a focus ring: :focus-visible matches and an outline or box-shadow shows. */
  ringVisible: boolean;
}

/** What has the keyboard focus now, and whether the user can see where it is. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', role: null, type: null, checked: null, inDialog: false, dialogName: null, ringVisible: false };
    const labelledBy = el.getAttribute('aria-labelledby');
    const labelText = labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const forLabel = el.id ? (document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? '') : '';
    const wrappingLabel = el.closest('label')?.textContent ?? '';
    const name = (el.getAttribute('aria-label') || labelText || forLabel || wrappingLabel || el.innerText || '').replace(/\s+/g, ' ').trim();
    const dialog = el.closest('[role=dialog]');
    const dialogTitle = dialog?.getAttribute('aria-labelledby');
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return {
      tag: el.tagName.toLowerCase(),
      name,
      role: el.getAttribute('role'),
      type: el.getAttribute('type'),
      checked: el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? el.checked : null,
      inDialog: dialog !== null,
      dialogName: dialogTitle ? (document.getElementById(dialogTitle)?.textContent ?? null) : null,
      ringVisible: el.matches(':focus-visible') && (outline || shadow),
    };
  });
}

/** Presses `key` until the focused element matches, at most `max` times; fails with where the focus went. */
async function pressUntil(page: Page, key: string, match: (f: Focused) => boolean, max = 120): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (match(now)) return now;
    seen.push(`${now.tag}:${now.name.slice(0, 40)}`);
  }
  throw new Error(`${key} never reached the element; focus went through: ${seen.join(' | ')}`);
}
const named = (pattern: RegExp) => (f: Focused) => pattern.test(f.name);

describe('a guest orders with the keyboard only (issue #11)', () => {
  it('adds a dish with a required size, opens the cart, checks out and lands on the confirmation', { timeout: 120_000 }, async () => {
    // Setup, not part of the journey: the kitchen takes pickup orders at any hour.
    const staff = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(staff.page, { email: 'admin@demo.example.com', password: 'tavolo-demo' });
    await openAllDay(staff.page);
    await staff.context.close();

    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await page.goto(url('/', 'demo'));
    await page.getByRole('button', { name: 'Add Margherita to the cart' }).waitFor({ timeout: 15_000 });

    // The first Tab shows "Skip to content", with its focus ring; Enter jumps past the header to the menu.
    await page.keyboard.press('Tab');
    const skip = await focused(page);
    expect(skip.name).toBe('Skip to content');
    expect(skip.ringVisible, 'first Tab shows a focus ring').toBe(true);
    await page.keyboard.press('Enter');
    expect((await focused(page)).tag).toBe('main');

    // The categories are one stop of Tab: the arrow keys, Home and End move along them, Enter picks one.
    const allTab = await pressUntil(page, 'Tab', (f) => f.role === 'tab', 10);
    expect(allTab.name).toBe('All Categories');
    expect(allTab.ringVisible, 'the tab shows its focus').toBe(true);
    await page.keyboard.press('ArrowRight');
    const nextTab = await focused(page);
    expect([nextTab.role, nextTab.name === allTab.name]).toEqual(['tab', false]);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('tab', { name: nextTab.name }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const lastTab = await focused(page);
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    expect((await focused(page)).name, 'Left from the first tab goes round to the last, as End does').toBe(lastTab.name);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('tab', { name: 'All Categories' }).getAttribute('aria-selected')).toBe('true');

    // Tab through the menu to the dish's add button.
    const add = await pressUntil(page, 'Tab', named(/^Add Margherita to the cart$/));
    expect(add.ringVisible, 'the add button shows its focus').toBe(true);
    await page.keyboard.press('Enter');

    // Margherita asks for its size first: a dialog that holds the focus.
    const dialog = page.getByRole('dialog', { name: /Margherita/ });
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog, { message: 'focus moves into the dialog' }).toBe(true);
    // Tab to the first size, pick it with Space, move to the next with the arrow key.
    const firstSize = await pressUntil(page, 'Tab', (f) => f.inDialog && f.type === 'radio', 10);
    expect(firstSize.ringVisible).toBe(true);
    await page.keyboard.press('Space');
    expect((await focused(page)).checked, 'Space picks the size').toBe(true);
    await page.keyboard.press('ArrowDown');
    const secondSize = await focused(page);
    expect(secondSize.type).toBe('radio');
    expect(secondSize.name).not.toBe(firstSize.name);
    expect(secondSize.checked, 'the arrow key moves the choice').toBe(true);
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(1);

    // The focus stays in the dialog however far one tabs, forwards or back.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog, `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inDialog, `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    // Add it: the dialog closes and the focus returns to the button that opened it.
    const confirm = await pressUntil(page, 'Tab', (f) => f.inDialog && /^Add\b/.test(f.name), 20);
    expect(confirm.ringVisible).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(async () => (await focused(page)).name, { message: 'focus returns to the add button' }).toBe('Add Margherita to the cart');

    // Back up to the cart button in the header and open the cart.
    const cartButton = await pressUntil(page, 'Shift+Tab', named(/^Open the cart \(1 items?\)/));
    expect(cartButton.ringVisible).toBe(true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: /cart/i });
    await drawer.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog, { message: 'focus moves into the cart' }).toBe(true);
    expect(await drawer.innerText()).toContain('Margherita');
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog, `Tab ${i + 1} stays in the cart`).toBe(true);
    }
    // Escape closes it and gives the focus back to the cart button; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(async () => (await focused(page)).name, { message: 'focus returns to the cart button' }).toMatch(/^Open the cart/);
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    const checkout = await pressUntil(page, 'Tab', (f) => f.inDialog && /^(Checkout|Go to checkout|Check out)/i.test(f.name), 30);
    expect(checkout.ringVisible).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/checkout', 'demo'));

    // The checkout form, field by field.
    const name = await pressUntil(page, 'Tab', named(/^Full name/));
    expect(name.ringVisible, 'text fields show their focus').toBe(true);
    await page.keyboard.type('Kim Keyboard');
    await pressUntil(page, 'Tab', named(/^Phone number/), 3);
    await page.keyboard.type('+49 30 1234567');
    await pressUntil(page, 'Tab', named(/^E-mail/), 3);
    await page.keyboard.type('kim.keyboard@example.com');
    const place = await pressUntil(page, 'Tab', named(/^Place order/), 60);
    expect(place.ringVisible).toBe(true);
    await page.keyboard.press('Enter');

    // The confirmation page.
    await page.waitForURL(/\/order\/[\w-]{43}$/, { timeout: 15_000 });
    await expect.poll(() => page.getByText('Thank you for your order!').isVisible()).toBe(true);
    await context.close();
  });
});
