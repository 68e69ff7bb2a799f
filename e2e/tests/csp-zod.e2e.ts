import { describe, expect, it } from 'vitest';
import { PHONE, url, useBrowser } from '../support/browser.ts';
import { addDish } from '../support/cart.ts';
import { recordViolations } from '../support/csp.ts';

/**
 * Issue #11: our CSP has no 'unsafe-eval', and Zod 4 probes for `new Function('')` when it builds an object schema.
 * Zod catches the error, but Chrome still reports the violation (Lighthouse's best-practices 'Issues' audit on every
 * page). packages/contracts/src/zod.ts turns the probe off in the browser; here the forms that validate with the
 * shared schemas run, and no CSP violation may show up.
 */
const browser = useBrowser();

describe('the web app parses with Zod without breaking its CSP (issue #11)', () => {
  it('the sign-in form, the landing page with its reservation form and the checkout form report no CSP violation', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'en' });
    const violations = await recordViolations(page);

    // Staff sign-in: an empty form fails the shared login schema in the browser.
    await page.goto(url('/login', 'demo'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('This field is required.').first().isVisible(), { timeout: 10_000 }).toBe(true);

    // The landing page loads its reservation form (and with it the schemas) when the guest scrolls near it.
    await page.goto(url('/', 'demo'));
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.locator('form[data-form=reservation]').waitFor({ timeout: 15_000 });
    await addDish(page, 'Bruschetta al Pomodoro');

    // Checkout: the empty form fails the checkout schema.
    await page.goto(url('/checkout', 'demo'));
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect.poll(() => page.getByText('This field is required.').first().isVisible(), { timeout: 10_000 }).toBe(true);

    expect(violations).toEqual([]);
    await context.close();
  });
});
