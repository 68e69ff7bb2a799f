import type { Page } from 'playwright-core';
import { clickUntilVisible } from './browser.ts';

/**
 * Adds a dish from the storefront menu. A dish with option groups opens its choice dialog: the named options are
 * ticked (radios or checkboxes, matched by the start of their label), then "Add".
 */
export async function addDish(page: Page, dish: string, options: string[] = [], lang: 'en' | 'de' = 'en') {
  const add = page.getByRole('button', { name: lang === 'de' ? `${dish} in den Warenkorb legen` : `Add ${dish} to the cart` }).first();
  if (!options.length) return add.click();
  const dialog = page.getByRole('dialog');
  await clickUntilVisible(add, dialog);
  for (const option of options) await dialog.getByLabel(option, { exact: false }).first().check();
  await dialog.getByRole('button', { name: lang === 'de' ? /^Hinzufügen/ : /^Add/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}
