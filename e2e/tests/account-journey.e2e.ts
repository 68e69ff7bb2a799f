import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, TOUR_DONE_KEY, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { OWNER_PASSWORD, registerRestaurant, signIn } from '../support/restaurant.ts';

const browser = useBrowser();

const tour = (page: Page) => page.getByRole('dialog').filter({ has: page.getByText(/^(Step|Schritt) \d/) });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const headerAvatar = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).locator('img');
/** One green pixel as PNG, one as GIF: enough for the server to read, resize and refuse by content. */
const PICTURES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  gif: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
};
const picture = (format: keyof typeof PICTURES) => Buffer.from(PICTURES[format], 'base64');

/**
 * Issue #5, one's own account: the first-visit tour, profile (name, picture) and password change with the other
 * devices signed out. A restaurant of its own, so changing the owner's password touches no other journey.
 */
describe('the signed-in user’s own account (issue #5)', () => {
  const slug = uniqueSlug('acct');
  const email = `${slug}@example.com`;
  const newName = `Journey Owner ${slug.slice(-4)}`;
  const newPassword = 'Fresh-Basil-Garden-2026';
  let owner: Awaited<ReturnType<typeof browser.newPage>>;

  afterAll(async () => {
    await owner?.context.close();
  });

  it('shows the tour about a second after the first visit, steps through it by keyboard, and never again', async () => {
    owner = await browser.newPage({ viewport: DESKTOP, language: 'en', tour: true });
    const { page } = owner;
    await registerRestaurant(page, { name: 'Account Journey Bistro', slug, email });
    expect(await tour(page).count()).toBe(0);

    await expect.poll(() => tour(page).isVisible(), { timeout: 5000 }).toBe(true);
    await expect.poll(() => tour(page).getByText('Step 1 of 3').isVisible()).toBe(true);
    await expect.poll(() => tour(page).getByRole('heading', { name: 'Everything in one place' }).isVisible()).toBe(true);
    // Focus is in the dialog, on its main button; Enter moves on.
    await expect.poll(() => focusedText(page)).toBe('Next');
    await snap(page, 'account-tour-desktop');
    await page.keyboard.press('Enter');
    await expect.poll(() => tour(page).getByRole('heading', { name: 'Restaurant settings' }).isVisible()).toBe(true);
    await tour(page).getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => tour(page).getByText('Step 1 of 3').isVisible()).toBe(true);
    await tour(page).getByRole('button', { name: 'Next' }).click();
    await tour(page).getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => tour(page).getByRole('heading', { name: 'Your profile menu' }).isVisible()).toBe(true);
    await tour(page).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => tour(page).count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOUR_DONE_KEY)).toBeTruthy();
    // The sidebar is back at its top (the Settings step had scrolled Home and Orders out of sight).
    const home = page.locator('[data-tour="sidebar"] a[href="/dashboard/home"]');
    await expect.poll(() => home.evaluate((link) => link.getBoundingClientRect().top >= 0 && document.elementFromPoint(link.getBoundingClientRect().left + 8, link.getBoundingClientRect().top + 8)?.closest('a') === link)).toBe(true);

    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).waitFor();
    await page.waitForTimeout(2500);
    expect(await tour(page).count()).toBe(0);
  });

  it('changes name and picture on the profile page; the header follows at once', async () => {
    const { page } = owner;
    await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(url('/dashboard/profile', slug));
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Profile' }).isVisible()).toBe(true);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('E-mail').getAttribute('readonly')).not.toBeNull();

    // A blank name is refused with its reason, on the field.
    await page.getByLabel('Name').fill('   ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('This field is required.').isVisible()).toBe(true);
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name').fill(newName);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByRole('banner').getByText(newName).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').name)).toBe(newName);

    // A GIF is not a profile photo.
    await page.locator('input[type=file]').setInputFiles({ name: 'party.gif', mimeType: 'image/gif', buffer: picture('gif') });
    await expect.poll(() => page.getByText('The file is not a supported picture. Upload a JPEG, PNG or WebP image.').isVisible()).toBe(true);
    expect(await headerAvatar(page).count()).toBe(0);

    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture('png') });
    await expect.poll(async () => (await headerAvatar(page).count()) > 0 && (await headerAvatar(page).getAttribute('src'))).toMatch(/^\/uploads\/t\/[0-9a-f-]{36}\/[0-9a-f-]{36}-256\.webp$/);
    const src = (await headerAvatar(page).getAttribute('src'))!;
    expect(await page.evaluate(async (path) => (await fetch(path)).headers.get('content-type'), src)).toBe('image/webp');
    await snap(page, 'account-profile-desktop');

    // Survives a reload (it is the server's now), then goes again.
    await page.reload();
    await expect.poll(() => headerAvatar(page).getAttribute('src')).toBe(src);
    await expect.poll(() => page.getByRole('banner').getByText(newName).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove picture' }).click();
    await expect.poll(() => headerAvatar(page).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Upload picture' }).isVisible()).toBe(true);
  });

  it('changes the password: wrong current refused, other devices signed out, this one kept, the new one signs in', async () => {
    const { page } = owner;
    // A second device of the same user.
    const other = await browser.newPage({ viewport: PHONE, language: 'en' });
    await signIn(other.page, { slug, email, password: OWNER_PASSWORD });

    await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL(url('/dashboard/password', slug));

    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The current password is not correct.').isVisible()).toBe(true);

    await page.getByLabel('Current password').fill(OWNER_PASSWORD);
    await page.getByLabel('New password').fill(OWNER_PASSWORD);
    await page.getByLabel('Confirm password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Choose a password that differs from your current one.').isVisible()).toBe(true);

    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('status').getByText('Password changed').isVisible()).toBe(true);
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    await snap(page, 'account-password-desktop');

    // The other device is signed out at its next call; this one is not.
    // The app leaves for /login by itself, maybe before the page's load event: wait for no more than the answer.
    await other.page.goto(url('/dashboard/profile', slug), { waitUntil: 'commit' });
    await other.page.waitForURL(url('/login', slug));
    await expect.poll(() => other.page.getByText('Your session has expired. Please login again.').isVisible()).toBe(true);
    await other.context.close();
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Change password' }).isVisible()).toBe(true);
    expect(page.url()).toBe(url('/dashboard/password', slug));

    // Sign out, then in with the new password; the tour stays seen.
    await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(url('/login', slug));
    await page.getByRole('main').getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByRole('main').getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('These credentials do not match our records.').isVisible()).toBe(true);
    await page.getByRole('main').getByLabel('Password').fill(newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/dashboard/home', slug));
    await expect.poll(() => page.getByRole('banner').getByText(newName).isVisible()).toBe(true);
    await page.waitForTimeout(2000);
    expect(await tour(page).count()).toBe(0);
  });

  it('on a phone, in German: the tour points at the menu button, Escape ends it; the pages fit the width', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de', tour: true });
    await signIn(page, { email: 'staff@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });
    await expect.poll(() => tour(page).isVisible(), { timeout: 5000 }).toBe(true);
    // Staff may not open the settings: menu button and profile menu only.
    await expect.poll(() => tour(page).getByText('Schritt 1 von 2').isVisible()).toBe(true);
    await expect.poll(() => tour(page).getByRole('heading', { name: 'Ihre Seiten' }).isVisible()).toBe(true);
    // Its text promises no settings to someone who may not open them.
    expect(await tour(page).getByText('Tippen Sie hier, um das Menü mit allen Seiten Ihres Dashboards zu öffnen.').isVisible()).toBe(true);
    const box = (await tour(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'account-tour-phone-de');
    await page.keyboard.press('Escape');
    await expect.poll(() => tour(page).count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOUR_DONE_KEY)).toBeTruthy();

    await page.getByRole('banner').getByRole('button', { name: 'Profilmenü' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Passwort ändern' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Einstellungen' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Profil', exact: true }).click();
    await page.waitForURL(url('/dashboard/profile', 'demo'));
    await expect.poll(() => page.getByRole('button', { name: 'Bild hochladen' }).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'account-profile-phone-de');
    await page.goto(url('/dashboard/password', 'demo'));
    await expect.poll(() => page.getByLabel('Aktuelles Passwort').isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
