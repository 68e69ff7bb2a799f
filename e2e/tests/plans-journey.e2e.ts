import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { call } from '../support/api.ts';
import { registerRestaurant, signIn } from '../support/restaurant.ts';

const browser = useBrowser();

describe('plans and custom domains (issue #7)', () => {
  it('a Free owner sees the plan, asks for Premium, and at 100 products is sent to the plan page from the product form', async () => {
    const { context, page } = await browser.newPage();
    const slug = uniqueSlug('free');
    await registerRestaurant(page, { name: 'Free Plan Bistro', slug });

    await page.getByRole('link', { name: 'Plan & domains' }).first().click();
    await page.waitForURL(url('/dashboard/plan', slug));
    await expect.poll(() => page.getByTestId('plan-name').textContent()).toBe('Free plan');
    expect(await page.getByText('0 of 100').isVisible()).toBe(true);
    expect(await page.getByText('1 of 5').isVisible()).toBe(true);
    expect(await page.getByTestId('plan-card-premium').getByText('$29').isVisible()).toBe(true);
    expect(await page.getByText('Your own domain is part of Premium.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Request upgrade' }).click();
    await expect.poll(() => page.getByText(/platform team will get in touch/).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('plan-card-premium').getByText(/^Upgrade requested on /).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Request upgrade' }).count()).toBe(0);
    // The domains box says so too, instead of offering the upgrade again.
    expect(await page.getByText(/^Upgrade requested on /).count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Upgrade to Premium' }).count()).toBe(0);

    // 99 products through the API; a colleague adds the 100th while the form for another is open: its save is refused.
    const category = await call<{ id: string }>(page, 'POST', '/tenant/categories', { body: { name: 'Mains' } });
    const addByApi = async (name: string) => expect((await call(page, 'POST', '/tenant/products', { body: { name, price_cents: 500, category_id: category.body.data.id } })).status).toBe(201);
    for (let i = 0; i < 99; i++) await addByApi(`Dish ${i}`);
    await page.goto(url('/dashboard/products', slug));
    const full = page.getByTestId('products-plan-full');
    const add = page.getByRole('button', { name: 'Add product' }).first();
    await add.click();
    expect(await full.count()).toBe(0);
    await addByApi('Dish 99');
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name').fill('One too many');
    await drawer.getByLabel('Price').fill('9.50');
    await drawer.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByTestId('plan-limit-notice');
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await notice.textContent()).toContain('Your current plan allows up to 100 products. Upgrade to Premium for unlimited products.');
    // The form's own failure toast stays away: one message, not two.
    expect(await page.getByText('The changes could not be saved').count()).toBe(0);
    await snap(page, 'plans-limit-notice');

    // Back on the page, the full plan is said at once and no new dish can be started.
    await page.goto(url('/dashboard/products', slug));
    await full.waitFor();
    expect(await full.textContent()).toContain('Your plan holds 100 dishes, and all are in use');
    expect(await add.isDisabled()).toBe(true);
    await full.getByRole('link', { name: 'Upgrade to Premium for unlimited dishes' }).click();
    await page.waitForURL(url('/dashboard/plan', slug));
    await expect.poll(() => page.getByText('100 of 100').isVisible()).toBe(true);
    expect(await page.getByText('Limit reached. Remove some or upgrade to add more.').isVisible()).toBe(true);
    await context.close();
  });

  it('a Premium owner adds a domain on a phone, in German, reads the instructions and removes it', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, { email: 'admin@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });
    await page.goto(url('/dashboard/plan', 'demo'));
    await expect.poll(() => page.getByTestId('plan-name').textContent()).toBe('Tarif Premium');
    expect(await page.getByText(/· unbegrenzt$/).count()).toBe(2);

    const host = `${uniqueSlug('www')}.example.com`;
    await page.getByRole('textbox', { name: 'Domain' }).fill('localhost');
    await page.getByRole('button', { name: 'Domain hinzufügen' }).click();
    expect(await page.getByText('Dieser Name kann nicht als Domain verwendet werden.').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Domain' }).fill(` ${host.toUpperCase()} `);
    await page.getByRole('button', { name: 'Domain hinzufügen' }).click();
    const card = page.getByTestId('domain-card').filter({ hasText: host });
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await card.getByText('Nicht bestätigt').isVisible()).toBe(true);
    expect(await card.getByText(`_tavolo-challenge.${host}`).isVisible()).toBe(true);
    expect(await card.getByText(/^tavolo-verify=/).isVisible()).toBe(true);
    expect(await card.getByText(`http://${host}/.well-known/tavolo-verify.txt`).isVisible()).toBe(true);
    expect(await card.getByText(/^demo\.localhost$/).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'plans-domain-phone-de');

    await card.getByRole('button', { name: 'Entfernen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await context.close();
  });
});
