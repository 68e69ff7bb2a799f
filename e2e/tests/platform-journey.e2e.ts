import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { registerRestaurant, signInOperator } from '../support/restaurant.ts';

const browser = useBrowser();
/** Pages load slower while other work shares the two cores. */
const WAIT = { timeout: 15_000 };

/** Opens the "..." menu of the restaurant's row (or card) and picks an action. */
async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('an operator approves and suspends a restaurant', () => {
  const slug = uniqueSlug('platform');
  const name = 'Platform Journey Grill';

  it('approves a pending restaurant and its storefront opens; suspends it with a reason and it closes; the owner sees why', async () => {
    // The e2e server does not approve sign-ups by itself: the new restaurant waits.
    const owner = await browser.newPage({ viewport: PHONE });
    await registerRestaurant(owner.page, { name, slug });
    await expect.poll(() => owner.page.getByText('Your restaurant is awaiting approval').isVisible(), WAIT).toBe(true);
    const guest = await browser.newPage({ viewport: PHONE });
    await guest.page.goto(url('/', slug));
    await expect.poll(() => guest.page.getByRole('heading', { name: 'Opening soon' }).isVisible(), WAIT).toBe(true);

    const { context, page } = await browser.newPage({ viewport: DESKTOP });
    await signInOperator(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard', level: 1 }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByText('Sign-ups').isVisible(), WAIT).toBe(true);
    await snap(page, 'platform-home-desktop');

    // The pending-approvals card opens the filtered list.
    await page.getByRole('link', { name: /Pending approvals/ }).click();
    await page.waitForURL(url('/dashboard/tenants?status=pending'));
    await expect.poll(() => page.getByRole('heading', { name: 'Restaurants', level: 1 }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: `Open ${name}` }).isVisible(), WAIT).toBe(true);
    await snap(page, 'platform-list-desktop');

    await rowAction(page, name, 'Approve');
    await expect.poll(() => page.getByText('Restaurant approved: its storefront is live').isVisible(), WAIT).toBe(true);
    // Approved, it leaves the pending list.
    await expect.poll(() => page.getByRole('button', { name: `Open ${name}` }).count(), WAIT).toBe(0);

    await guest.page.goto(url('/', slug));
    await expect.poll(() => guest.page.getByRole('heading', { name: 'Opening soon' }).count(), WAIT).toBe(0);
    await expect.poll(() => guest.page.getByText(name).first().isVisible(), WAIT).toBe(true);

    // Suspend from the view, with a reason.
    await page.goto(url(`/dashboard/tenants?search=${slug}`));
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('Status history').isVisible(), WAIT).toBe(true);
    await snap(page, 'platform-view-desktop');
    await drawer.getByRole('button', { name: 'Suspend' }).click();
    const reason = 'Menu prices missing since Monday';
    await page.getByLabel('Reason').fill(reason);
    // A double click on the reason dialog's confirm button suspends once (the dialog guards itself).
    const suspends: string[] = [];
    const count = (r: { url(): string; method(): string }) => {
      if (r.method() === 'POST' && r.url().endsWith('/suspend')) suspends.push(r.url());
    };
    page.on('request', count);
    await page.getByRole('dialog', { name: `Suspend ${name}` }).getByRole('button', { name: 'Suspend' }).dblclick();
    await expect.poll(() => page.getByText('Restaurant suspended').isVisible(), WAIT).toBe(true);
    await page.waitForTimeout(500);
    page.off('request', count);
    expect(suspends).toHaveLength(1);
    await expect.poll(() => drawer.getByText(reason).first().isVisible(), WAIT).toBe(true);

    await guest.page.goto(url('/', slug));
    await expect.poll(() => guest.page.getByRole('heading', { name: 'Temporarily closed' }).isVisible(), WAIT).toBe(true);
    // Closed, the restaurant can still be reached: its contact page is there (the server takes the message), and
    // nothing leads to what it does not take now (the menu, bookings, stock checks, quotes, the cart).
    expect(await guest.page.getByRole('link', { name: 'Request a quote for your event' }).count()).toBe(0);
    expect(await guest.page.getByRole('button', { name: /cart/i }).count()).toBe(0);
    await guest.page.goto(url('/contact', slug));
    await guest.page.getByRole('textbox', { name: /^Subject/ }).waitFor(WAIT);
    expect(await guest.page.getByRole('heading', { name: 'Temporarily closed' }).count()).toBe(0);
    await guest.page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = guest.page.getByRole('dialog');
    await nav.getByRole('link', { name: 'Contact' }).waitFor(WAIT);
    expect(await nav.getByRole('link', { name: 'Reservation' }).count()).toBe(0);
    await guest.page.keyboard.press('Escape');
    // Its privacy policy stays readable (it covers what the contact form sends).
    await guest.page.goto(url('/privacy', slug));
    await guest.page.getByRole('heading', { name: 'Privacy policy' }).waitFor(WAIT);
    expect(await guest.page.getByRole('heading', { name: 'Temporarily closed' }).count()).toBe(0);

    await owner.page.reload();
    await expect.poll(() => owner.page.getByText('Your restaurant is suspended').isVisible(), WAIT).toBe(true);
    await expect.poll(() => owner.page.getByText(reason).isVisible(), WAIT).toBe(true);
    await snap(owner.page, 'platform-owner-suspended-phone');

    await Promise.all([context.close(), owner.context.close(), guest.context.close()]);
  });

  it('lists restaurants as cards on a phone, with the menu of each', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE });
    await signInOperator(page);
    await page.goto(url('/dashboard/tenants?status=suspended'));
    await expect.poll(() => page.getByRole('button', { name: `Open ${name}` }).isVisible(), WAIT).toBe(true);
    // Cards, not a table, and nothing sticks out sideways.
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'platform-list-phone');

    // A suspended restaurant offers Activate, not Approve or Suspend.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Activate' }).isVisible(), WAIT).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Approve' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Suspend' }).count()).toBe(0);

    // Delete waits for the exact address.
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('button', { name: 'Delete for good' });
    await page.getByLabel('Restaurant address').fill(slug.slice(0, -1));
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Restaurant address').fill(slug);
    expect(await confirm.isEnabled()).toBe(true);
    await snap(page, 'platform-delete-phone');
    await confirm.click();
    await expect.poll(() => page.getByText('Restaurant deleted with all its data').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: `Open ${name}` }).count(), WAIT).toBe(0);

    // Its host answers as an unknown restaurant now.
    const res = await page.goto(url('/', slug));
    expect(res?.status()).toBe(404);
    await context.close();
  });
});
