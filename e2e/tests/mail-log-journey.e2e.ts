import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freePort as closedPort } from '../../apps/server/src/test/smtp.ts';
import { DESKTOP, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { registerRestaurant } from '../support/restaurant.ts';

const browser = useBrowser();

/** Table and cards both hold each mail, one of them hidden: look for a visible one. */
const visible = (page: Page, text: string | RegExp) => page.getByText(text).locator('visible=true').first().isVisible();

/** Calls the API from inside the page, with the CSRF pair and the signed-in owner's token, like the app does. */
async function callApi(page: Page, method: 'POST' | 'PUT', path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      await fetch('/api/csrf', { credentials: 'same-origin' });
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const token = localStorage.getItem('token');
      const res = await fetch(`/api${path}`, {
        method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { method, path, body },
  );
}

const contact = (subject: string) => ({ name: 'Greta Guest', email: 'greta@guest.example.com', subject, message: 'Do you have a table for a birthday party of twelve?' });

describe("an owner checks the restaurant's recent e-mails (issue #6, mail log)", () => {
  it('lists the mails a guest message caused, with their state, on a phone and a desktop, in English and German', async () => {
    const slug = uniqueSlug('maillog');
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'en' });
    await registerRestaurant(page, { name: 'Log Bistro', slug });

    // A guest writes: the restaurant is told by mail in the language its owner signed up in (English, though it is in
    // Germany), and the guest gets a confirmation in their own language. No SMTP anywhere: each goes out as an .eml file.
    expect(await callApi(page, 'POST', '/tenant/contact', contact('Birthday party'))).toBe(201);

    await page.goto(url('/dashboard/email-settings', slug));
    await expect.poll(() => visible(page, 'Recent e-mails'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => visible(page, 'New message via the website: Birthday party'), { timeout: 15_000 }).toBe(true);
    // The worker sends within seconds; the list looks again every 30 s, a reload is quicker.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText('Recent e-mails').first().waitFor();
          return page.locator('[data-status="sent"]:visible').count();
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe(2);
    expect(await visible(page, `To ${slug}@example.com`)).toBe(true);
    expect(await visible(page, 'Your message to Log Bistro')).toBe(true);
    expect(await visible(page, /Delivered/)).toBe(true);
    await page.getByRole('heading', { name: 'Recent e-mails' }).scrollIntoViewIfNeeded();
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await snap(page, 'mail-log-sent-phone-en');

    // The filter narrows the list: nothing has failed.
    await page.locator('label').filter({ hasText: /^Failed$/ }).click();
    await expect.poll(() => visible(page, 'No e-mails with this status.')).toBe(true);
    await page.locator('label').filter({ hasText: /^All$/ }).click();
    await expect.poll(() => visible(page, 'New message via the website: Birthday party')).toBe(true);

    // The owner wants the restaurant's mails in German from now on: one choice in the settings.
    await page.goto(url('/dashboard/settings', slug));
    await page.getByRole('textbox', { name: /^Language of our e-mails to you/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Changes saved successfully').isVisible()).toBe(true);
    await page.goto(url('/dashboard/email-settings', slug));

    // Through an SMTP server that is not there, the next mails wait for another try, with the reason shown.
    const port = await closedPort();
    const saved = await callApi(page, 'PUT', '/tenant/admin/email-settings', {
      host: '127.0.0.1',
      port,
      security: 'none',
      username: null,
      password: null,
      from_name: 'Log Bistro',
      from_email: 'hello@log-bistro.example.com',
    });
    expect(saved).toBe(200);
    expect(await callApi(page, 'POST', '/tenant/contact', contact('Vegan menu'))).toBe(201);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText('Recent e-mails').first().waitFor();
          return visible(page, /Last try failed:/);
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe(true);
    expect(await page.locator('[data-status="pending"]:visible').count()).toBeGreaterThanOrEqual(1);
    expect(await visible(page, 'Neue Nachricht über die Website: Vegan menu')).toBe(true);
    // The worker's error, in words.
    expect(await visible(page, new RegExp(`refused the connection on port ${port}`))).toBe(true);
    await page.getByRole('heading', { name: 'Recent e-mails' }).scrollIntoViewIfNeeded();
    await snap(page, 'mail-log-waiting-phone-en');

    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Recipient' }).isVisible()).toBe(true);
    await snap(page, 'mail-log-desktop-en');

    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await expect.poll(() => visible(page, 'Letzte E-Mails'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Empfänger' }).isVisible()).toBe(true);
    expect(await visible(page, 'Gesendet')).toBe(true);
    expect(await visible(page, 'Wartend')).toBe(true);
    await snap(page, 'mail-log-desktop-de');
    await page.setViewportSize(PHONE);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await snap(page, 'mail-log-phone-de');
    await context.close();
  });
});
