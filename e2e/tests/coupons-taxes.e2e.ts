import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DEMO_PASSWORD, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { registerRestaurant, signIn } from '../support/restaurant.ts';

const browser = useBrowser();

interface Rate {
  name: string;
  rate_millipercent: number;
  is_default: boolean;
}

describe('coupons and taxes administration (issue #10)', () => {
  const slug = uniqueSlug('ct');

  it('an owner sets up tax rates (one default) and the price mode, then creates, switches off and deletes a coupon', async () => {
    const { context, page } = await browser.newPage({ language: 'en' });
    await registerRestaurant(page, { name: 'Coupon Kitchen', slug });

    // Taxes: the first rate becomes the default; its delete button waits for another default.
    await page.goto(url('/dashboard/taxes', slug));
    await page.getByText('No tax rates yet').waitFor();
    await page.getByRole('button', { name: 'Add rate' }).click();
    let dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('switch', { name: /Default rate/ }).isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('VAT 7 %');
    // A rate past 100 % or below 0 stays as typed and is named in percent on leaving the field (150 used to vanish
    // when pasted, and a typed -5 became 5 % without a word); it is not saved.
    const rate = dialog.getByRole('textbox', { name: 'Rate' });
    for (const [typed, message] of [['150', 'Must be at most 100.'], ['-5', 'Must be at least 0.']] as const) {
      await rate.fill(typed);
      await rate.press('Tab');
      expect(await rate.inputValue()).toBe(typed);
      await expect.poll(() => dialog.getByText(message).isVisible()).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    expect(await dialog.getByText('Must be at least 0.').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Rate' }).fill('7');
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    await page.getByText('Used by every dish without its own rate').waitFor();

    await page.getByRole('button', { name: 'Add rate' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('VAT 19 %');
    await dialog.getByRole('textbox', { name: 'Rate' }).fill('19.5');
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    await page.getByText('19.5%', { exact: true }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Delete VAT 7 %' }).isDisabled()).toBe(true);

    // The price mode: tax added on top, kept after a reload.
    const mode = page.getByRole('switch', { name: /Prices on the menu include tax/ });
    expect(await mode.isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/tenant/tax-settings') && r.request().method() === 'PUT');
    await mode.click({ force: true });
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: /Prices on the menu include tax/ }).isChecked()).toBe(false);

    // 19.5 % takes the default over; then 7 % can go.
    await page.getByRole('button', { name: 'Edit VAT 19 %' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('switch', { name: /Default rate/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    await expect.poll(async () => page.getByRole('button', { name: 'Delete VAT 7 %' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Delete VAT 7 %' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('VAT 7 % deleted.').waitFor();
    const rates = (await call<Rate[]>(page, 'GET', '/tenant/tax-rates')).body.data;
    expect(rates.map((r) => [r.name, r.rate_millipercent, r.is_default])).toEqual([['VAT 19 %', 19500, true]]);
    await snap(page, 'taxes-desktop-en');

    // Coupons: a percentage off from 15.00, a duplicate code refused under its field, switched off, deleted.
    await page.goto(url('/dashboard/coupons', slug));
    await page.getByText('No coupons yet').waitFor();
    await page.getByRole('button', { name: 'New coupon' }).first().click();
    dialog = page.getByRole('dialog');
    const code = dialog.getByRole('textbox', { name: 'Code', exact: true });
    await dialog.getByRole('button', { name: 'Generate a code' }).click();
    expect(await code.inputValue()).toMatch(/^[A-Z2-9]{8}$/);
    await code.fill('welcome10');
    await dialog.getByRole('textbox', { name: 'Percentage off' }).fill('10');
    await dialog.getByRole('textbox', { name: /^Minimum order/ }).fill('15');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    const row = page.getByRole('row', { name: /WELCOME10/ });
    await row.getByText('10%', { exact: true }).waitFor();
    expect(await row.getByText(/15\.00/).count()).toBe(1);
    expect(await row.getByText('0 / ∞').count()).toBe(1);

    await page.getByRole('button', { name: 'New coupon' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill('Welcome10');
    await dialog.getByRole('textbox', { name: 'Percentage off' }).fill('5');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await dialog.getByText('A coupon with this code already exists.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('switch', { name: 'Coupon WELCOME10 active' }).click({ force: true });
    await row.getByText('Off', { exact: true }).waitFor();
    await snap(page, 'coupons-desktop-en');

    await row.getByRole('button', { name: 'Delete coupon WELCOME10' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No coupons yet').waitFor();
    await context.close();
  });

  it('on a phone, in German, both pages fit the screen and coupons are cards', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, { email: 'admin@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });

    await page.goto(url('/dashboard/coupons', 'demo'));
    // The table is there for wide screens but hidden; the cards show.
    await page.getByText('WELCOME10', { exact: true }).filter({ visible: true }).waitFor();
    expect(await page.getByText(/^10\s% · ab 15,00/).filter({ visible: true }).count()).toBe(1);
    // A coupon without a minimum order says so in words, not "ab Keiner".
    const code = `OHNEMIN${Date.now() % 100_000}`;
    const created = await call<{ id: string }>(page, 'POST', '/tenant/coupons', { body: { code, kind: 'percent', value: 5 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await page.reload();
    await page.getByText(code, { exact: true }).filter({ visible: true }).waitFor();
    expect(await page.getByText(/^5\s% · ohne Mindestbestellwert$/).filter({ visible: true }).count()).toBe(1);
    expect(await page.getByText('Keiner', { exact: false }).filter({ visible: true }).count()).toBe(0);
    expect((await call(page, 'DELETE', `/tenant/coupons/${created.body.data.id}`)).status).toBe(200);
    expect(await page.getByRole('table').isVisible()).toBe(false);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'coupons-phone-de');

    // The number fields keep what they show and name what is out of range on leaving them: 150 % was cut to 100 % and
    // 0 raised to 1 on leaving the field, without a word.
    await page.getByRole('button', { name: 'Neuer Gutschein' }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    const percent = dialog.getByRole('textbox', { name: 'Rabatt in Prozent' });
    const minOrder = dialog.getByRole('textbox', { name: /^Mindestbestellwert/ });
    const outOfRange = [
      [percent, '150', 'Darf höchstens 100 sein.'],
      [percent, '0', 'Muss mindestens 1 sein.'],
      [minOrder, '-5', 'Muss mindestens 0,00 $ sein.'],
      // An amount's bounds are amounts; a long number pasted at once stays too (it went back to 0,00 without a word).
      [minOrder, '999999999', 'Darf höchstens 100.000,00 $ sein.'],
      [minOrder, '99999999999999', 'Darf höchstens 100.000,00 $ sein.'],
    ] as const;
    for (const [field, typed, message] of outOfRange) {
      await field.fill(typed);
      await field.press('Tab');
      expect((await field.inputValue()).replace(/[^\d-]/g, ''), typed).toMatch(new RegExp(`^${typed}(00)?$`));
      await expect.poll(() => dialog.getByText(message).isVisible(), { message: typed }).toBe(true);
    }
    // Past what a number can hold, the paste is refused, and the field says why.
    await minOrder.fill('20');
    await expect.poll(() => dialog.getByText('Darf höchstens 100.000,00 $ sein.').count()).toBe(0);
    await minOrder.fill('9'.repeat(20));
    await expect.poll(() => dialog.getByText('Darf höchstens 100.000,00 $ sein.').isVisible()).toBe(true);
    await snap(page, 'coupons-form-phone-de');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(url('/dashboard/taxes', 'demo'));
    await page.getByText('Sales tax', { exact: true }).waitFor();
    await page.getByText('8,875 %', { exact: true }).waitFor();
    expect(await page.getByText('Standard', { exact: true }).count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'taxes-phone-de');
    await context.close();
  });
});
