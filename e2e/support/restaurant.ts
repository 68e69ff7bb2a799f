import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, url } from './browser.ts';

export const OWNER_PASSWORD = 'a-long-unusual-passphrase';

/**
 * Registers a restaurant through the real sign-up form and waits until the owner lands on its dashboard;
 * `beforeSubmit` may look at and change the filled form first.
 */
export async function registerRestaurant(page: Page, restaurant: { name: string; slug: string; email?: string }, beforeSubmit?: (page: Page) => Promise<void>) {
  await page.goto(url('/tenant-register'));
  await page.locator('input[name=restaurant_name]').fill(restaurant.name);
  await page.locator('input[name=domain]').fill(restaurant.slug);
  await expect.poll(() => page.getByText(`${restaurant.slug} is available.`).isVisible(), { timeout: 10_000 }).toBe(true);
  await page.locator('input[name=email]').fill(restaurant.email ?? `${restaurant.slug}@example.com`);
  await page.locator('input[name=phone]').fill('+1 555 123 4567');
  await page.locator('input[name=password]').fill(OWNER_PASSWORD);
  await page.locator('input[name=password_confirmation]').fill(OWNER_PASSWORD);
  await page.locator('input[name=address]').fill('1 Journey Road');
  await page.locator('input[name=postal_code]').fill('10115');
  await page.locator('input[name=city]').fill('Berlin');
  await page.locator('input[name=country]').fill('Germany');
  await beforeSubmit?.(page);
  await page.getByRole('button', { name: 'Create my restaurant' }).click();
  await page.waitForURL(url('/dashboard/home', restaurant.slug), { timeout: 20_000 });
}

/** Signs in through the sign-in form of a restaurant's host (`slug`, default the demo) and waits for the dashboard. */
export async function signIn(page: Page, login: { email: string; password: string; slug?: string; lang?: 'en' | 'de' }) {
  const slug = login.slug ?? 'demo';
  await submitSignIn(page, url('/login', slug), login);
  await page.waitForURL(url('/dashboard/home', slug));
}

/** Signs in as the demo platform operator on the main domain and waits for the operators' dashboard. */
export async function signInOperator(page: Page, lang: 'en' | 'de' = 'en') {
  await submitSignIn(page, url('/login'), { email: 'operator@example.com', password: DEMO_PASSWORD, lang });
  await page.waitForURL(url('/dashboard'));
}

async function submitSignIn(page: Page, at: string, login: { email: string; password: string; lang?: 'en' | 'de' }) {
  const de = login.lang === 'de';
  await page.goto(at);
  await page.getByRole('main').getByRole('textbox', { name: de ? 'E-Mail' : 'E-mail', exact: true }).fill(login.email);
  await page.getByRole('main').getByLabel(de ? 'Passwort' : 'Password').fill(login.password);
  // The storefront's newsletter footer has a submit button too.
  await page.getByRole('main').getByRole('button', { name: de ? 'Anmelden' : 'Sign in' }).click();
}
