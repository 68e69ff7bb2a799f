import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort as closedPort, startSmtpServer, type TestSmtpServer } from '../../apps/server/src/test/smtp.ts';
import { DESKTOP, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { registerRestaurant } from '../support/restaurant.ts';

const browser = useBrowser();

const SMTP_USER = 'bistro-mailer';
const SMTP_PASSWORD = 'smtp-journey-secret-7';

/** A real SMTP server in the test process (plain, with one account); the app under test connects to it. */
const startSmtp = () =>
  startSmtpServer({
    authOptional: false,
    onAuth: (auth, _session, callback) =>
      auth.username === SMTP_USER && auth.password === SMTP_PASSWORD ? callback(null, { user: auth.username }) : callback(new Error('Invalid username or password')),
  });

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

describe('an owner sends the restaurant mail through its own SMTP server (issue #3, e-mail settings)', () => {
  const slug = uniqueSlug('mail');
  const ownerEmail = `${slug}@example.com`;
  let smtp: TestSmtpServer;
  let smtpPort = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    smtpPort = smtp.port;
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('saves the settings on a phone, keeps the password hidden, sends a test e-mail and explains a wrong port', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'en' });
    await registerRestaurant(page, { name: 'Mail Bistro', slug, email: ownerEmail });

    // The profile menu leads to the page (SPEC §2.3).
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'E-mail settings' }).click();
    await page.waitForURL(url('/dashboard/email-settings', slug));
    await expect.poll(() => visible(page, 'No own mail server yet')).toBe(true);
    await snap(page, 'email-settings-empty-phone-en');

    // Ports follow the security choice until one is typed.
    const port = page.getByLabel('Port');
    expect(await port.inputValue()).toBe('587');
    await page.getByText('TLS / SSL', { exact: true }).click();
    expect(await port.inputValue()).toBe('465');
    await page.getByText('None', { exact: true }).click();
    expect(await port.inputValue()).toBe('25');
    await expect.poll(() => visible(page, /No encryption: the password and e-mails travel in plain text/)).toBe(true);

    await page.getByLabel('SMTP server').fill('127.0.0.1');
    // A port past 65535 stays as typed and is named on leaving the field (not cut to 65535 without a word).
    await port.fill('99999');
    await port.press('Tab');
    expect(await port.inputValue()).toBe('99999');
    await expect.poll(() => visible(page, 'Must be at most 65535.')).toBe(true);
    await port.fill(String(smtpPort));
    await page.getByLabel('User name').fill(SMTP_USER);
    await page.getByLabel('Password').fill(SMTP_PASSWORD);
    expect(await page.getByLabel('Sender name').inputValue()).toBe('Mail Bistro');
    await page.getByLabel('Sender address').fill('hello@mail-bistro.example.com');
    await snap(page, 'email-settings-filled-phone-en');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => visible(page, 'Changes saved successfully'), { timeout: 10_000 }).toBe(true);

    // After a reload the password is kept but never shown.
    await page.reload();
    await expect.poll(() => page.getByLabel('SMTP server').inputValue()).toBe('127.0.0.1');
    expect(await port.inputValue()).toBe(String(smtpPort));
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await visible(page, 'A password is saved — leave empty to keep it.')).toBe(true);
    expect(await page.content()).not.toContain(SMTP_PASSWORD);
    await expect.poll(() => visible(page, /E-mails to your guests are sent through 127\.0\.0\.1/)).toBe(true);

    // The test e-mail goes to the signed-in owner through the saved password.
    expect(await page.getByLabel('Recipient').inputValue()).toBe(ownerEmail);
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await expect.poll(() => visible(page, 'Test e-mail sent'), { timeout: 15_000 }).toBe(true);
    expect(await visible(page, `A test e-mail has been sent to ${ownerEmail}.`)).toBe(true);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'hello@mail-bistro.example.com', to: [ownerEmail] });
    expect(smtp.received[0]!.raw).toMatch(/^From: Mail Bistro <hello@mail-bistro\.example\.com>$/m);
    expect(smtp.received[0]!.raw).toMatch(/^Subject: Test e-mail from Mail Bistro$/m);
    await snap(page, 'email-settings-test-sent-phone-en');

    // A wrong port (unsaved) is explained in words.
    const wrong = await closedPort();
    await port.fill(String(wrong));
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await expect.poll(() => visible(page, 'The test e-mail could not be sent'), { timeout: 15_000 }).toBe(true);
    expect(await visible(page, `The server 127.0.0.1 refused the connection on port ${wrong}.`)).toBe(true);
    expect(smtp.received).toHaveLength(1);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await snap(page, 'email-settings-test-failed-phone-en');

    await page.setViewportSize(DESKTOP);
    await snap(page, 'email-settings-test-failed-desktop-en');

    // German, after a reload (the unsaved port is gone; the saved settings remain).
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await expect.poll(() => visible(page, 'Ein Passwort ist gespeichert – leer lassen, um es zu behalten.')).toBe(true);
    expect(await page.getByLabel('Port').inputValue()).toBe(String(smtpPort));
    await page.getByLabel('Passwort', { exact: true }).fill('falsches-passwort');
    await page.getByRole('button', { name: 'Test-E-Mail senden' }).click();
    await expect.poll(() => visible(page, 'Der Mailserver hat Benutzername oder Passwort abgelehnt.'), { timeout: 15_000 }).toBe(true);
    await snap(page, 'email-settings-auth-failed-desktop-de');
    await page.setViewportSize(PHONE);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await snap(page, 'email-settings-auth-failed-phone-de');
    expect(smtp.received).toHaveLength(1);

    // Back to the platform's mail, after a confirmation.
    await page.getByRole('button', { name: 'Stattdessen Plattform-Versand nutzen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expect.poll(() => visible(page, 'Eintrag erfolgreich gelöscht'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => visible(page, 'Noch kein eigener Mailserver')).toBe(true);
    expect(await page.getByLabel('SMTP-Server').inputValue()).toBe('');
    await context.close();
  });
});
