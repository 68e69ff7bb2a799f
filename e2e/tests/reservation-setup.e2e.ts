import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DEMO_PASSWORD, DESKTOP, PHONE, fitsWidth, pickDay, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { linkFromMail } from '../support/mail.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();
const DEMO = 'demo';
const admin = { email: 'admin@demo.example.com', password: DEMO_PASSWORD };

interface Setup {
  settings: Record<string, unknown> & { max_party_online: number };
  areas: { id: string; name: string; tables: { name: string; min_seats: number; max_seats: number; joinable: boolean }[] }[];
}

/** YYYY-MM-DD plus some days. */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('tables, booking rules and the guest link (issue #9)', () => {
  const tag = uniqueSlug('su').slice(-5);
  const area = `Garden ${tag}`;

  it('an admin adds an area, a table and a rule; guests see times only for a date and party, big groups are asked to call; a guest cancels by link', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, admin);
    const before = (await call<Setup>(page, 'GET', '/tenant/reservation-setup')).body.data;
    try {
      // The admin adds an area and a table to it, and lowers the largest party that may book online.
      await page.goto(url('/dashboard/reservations/setup', DEMO));
      await page.getByRole('button', { name: 'Add area' }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByLabel('Area name').fill(area);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const card = page.getByRole('region', { name: area });
      await card.getByRole('button', { name: 'Add table' }).click();
      dialog = page.getByRole('dialog', { name: `New table in ${area}` });
      await dialog.getByLabel('Table name').fill(`G${tag}`);
      // Fewer seats at most than at least: the shared schema says so under the field.
      await dialog.getByLabel('Seats at least').fill('4');
      await dialog.getByLabel('Seats at most').fill('2');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => dialog.getByText('at least the minimum', { exact: false }).count()).toBeGreaterThan(0);
      await dialog.getByLabel('Seats at least').fill('2');
      await dialog.getByLabel('Seats at most').fill('4');
      await dialog.getByRole('switch', { name: /^Can be joined/ }).check({ force: true });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await card.getByText(`G${tag}`, { exact: true }).waitFor();

      const maxParty = page.getByRole('textbox', { name: 'Largest party online' });
      // The bound is counted in words: "1 guest", not "1 guests".
      await maxParty.fill('0');
      await maxParty.press('Tab');
      await expect.poll(() => page.getByText('Must be at least 1 guest.').isVisible()).toBe(true);
      await maxParty.fill('6');
      await page.locator('form[data-form=booking-rules]').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Changes saved successfully').first().waitFor();
      await snap(page, 'reservation-setup-desktop-en');

      // Everything is still there after a reload.
      await page.reload();
      await card.getByText('2–4 seats').waitFor();
      expect(await card.getByText('Joinable').isVisible()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Largest party online' }).inputValue()).toBe('6 guests');

      // A guest on a phone: no times before date and party are chosen, then only the free ones.
      const guest = await browser.newPage({ viewport: PHONE, language: 'en' });
      await guest.page.goto(url('/reservation', DEMO));
      const options = await call<{ today: string }>(guest.page, 'GET', '/tenant/public/reservation-options', { as: 'guest' });
      const date = plusDays(options.body.data.today, 2);
      const form = guest.page.locator('form[data-form=reservation]');
      await form.getByText('Choose the date and the number of guests to see the free times.').waitFor();
      await pickDay(guest.page, form.getByLabel('Date'), date);
      // A date alone is not enough: the times depend on the party's table.
      expect(await form.getByRole('radio').count()).toBe(0);
      await form.getByLabel('Guests').fill('2');
      await expect.poll(() => form.getByRole('radio').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await fitsWidth(guest.page)).toBe(true);
      await snap(guest.page, 'reservation-times-phone-en');

      // Seven is above the new limit: no times, a call or a quote request instead.
      await form.getByLabel('Guests').fill('7');
      const note = form.locator('[data-reason=party_too_large]');
      await expect.poll(() => note.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await note.innerText()).toMatch(/For groups above 6 please call us at \+1 555 010 2030 or send a quote request/);
      expect(await note.getByRole('link', { name: 'send a quote request' }).getAttribute('href')).toBe('/quote');
      expect(await form.getByRole('radio').count()).toBe(0);
      // Sixty too: past what any form takes, the same hint rather than a bare "Must be at most 50." and no times.
      await form.getByLabel('Guests').fill('60');
      await expect.poll(() => note.innerText()).toMatch(/For groups above 6 please call us/);
      expect(await form.getByText('Must be at most 50.').count()).toBe(0);
      await snap(guest.page, 'reservation-party-too-large-phone-en');

      // A booking the guest made (through the API, to keep the journey short); its mail carries the link.
      const email = `link-${tag}@example.com`;
      const free = await call<{ times: string[] }>(guest.page, 'GET', `/tenant/public/reservation-availability?date=${date}&guests=2`, { as: 'guest' });
      const booked = await call(guest.page, 'POST', '/tenant/reservation', {
        as: 'guest',
        body: { full_name: `Lina ${tag}`, phone_number: '+49 30 7654321', email, date, time: free.body.data.times.at(-1), guests: 2, message: 'Birthday' },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const link = await linkFromMail(email, /(\/reservation\/manage#token=[A-Za-z0-9_-]+)/);
      await guest.page.goto(url(link, DEMO));
      await guest.page.getByRole('heading', { name: 'Your reservation at Trattoria Demo' }).waitFor();
      expect(await guest.page.getByText(`Lina ${tag}`).isVisible()).toBe(true);
      expect(await guest.page.getByText('Waiting for confirmation').isVisible()).toBe(true);
      await snap(guest.page, 'reservation-link-phone-en');
      await guest.page.getByRole('button', { name: 'Cancel reservation' }).click();
      await guest.page.getByRole('dialog', { name: 'Cancel this reservation?' }).getByRole('button', { name: 'Cancel reservation' }).click();
      await guest.page.getByText('This reservation is cancelled.').waitFor();
      await expect.poll(() => guest.page.getByRole('button', { name: 'Cancel reservation' }).count()).toBe(0);
      expect(await guest.page.getByRole('main').getByRole('link', { name: '+1 555 010 2030', exact: true }).getAttribute('href')).toBe('tel:+15550102030');

      // A link that is not one.
      await guest.page.goto(url('/reservation/manage#token=not-a-real-token', DEMO));
      await guest.page.getByRole('heading', { name: 'This link did not work' }).waitFor();
      await guest.context.close();
    } finally {
      // The demo restaurant is shared with other journeys: its rules and areas go back as they were.
      await call(page, 'PUT', '/tenant/reservation-setup/settings', { body: before.settings });
      const after = (await call<Setup>(page, 'GET', '/tenant/reservation-setup')).body.data;
      for (const added of after.areas.filter((a) => a.name === area)) await call(page, 'DELETE', `/tenant/dining-areas/${added.id}`);
      await context.close();
    }
  });
});
