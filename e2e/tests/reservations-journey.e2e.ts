import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HOLDING_STATUSES, type TReservationDay } from '@tavolo/contracts/reservations';
import { call } from '../support/api.ts';
import { DEMO_PASSWORD, DESKTOP, PHONE, fitsWidth, pickDay, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();
const DEMO = 'demo';
const manager = { email: 'manager@demo.example.com', password: DEMO_PASSWORD };

interface Day {
  areas: { tables: { id: string; name: string; max_seats: number; active: boolean }[] }[];
  bookings: { full_name: string; time: string; table_ids: string[] }[];
}

/** YYYY-MM-DD plus some days. */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The table row of the day view that holds the named guest's bar. */
const rowOf = (page: Page, name: string) => page.locator('[data-row-key]', { has: page.locator('[data-booking]', { hasText: name }) }).first().getAttribute('data-table-name');

describe('table reservations with a capacity model (issue #9)', () => {
  const tag = uniqueSlug('rs').slice(-5);
  const name = `Ines ${tag}`;

  it('a guest books a free time on the storefront; a manager confirms it on the day view and moves it by form and by drag', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, manager);
    const options = await call<{ today: string }>(page, 'GET', '/tenant/public/reservation-options', { as: 'guest' });
    const date = plusDays(options.body.data.today, 3);
    // The demo's tables for two that nobody holds that day: where the booking will be moved to.
    const before = await call<Day>(page, 'GET', `/tenant/reservations/day?date=${date}`);
    const used = new Set(before.body.data.bookings.flatMap((b) => b.table_ids));
    const free = before.body.data.areas.flatMap((a) => a.tables).filter((t) => t.active && t.max_seats >= 2 && t.max_seats <= 4 && !used.has(t.id));

    // The guest picks date and party, then one of the offered times.
    const guest = await browser.newPage({ viewport: PHONE, language: 'en' });
    await guest.page.goto(url('/reservation', DEMO));
    const form = guest.page.locator('form[data-form=reservation]');
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('+49 30 1234567');
    await form.getByLabel('E-mail').fill(`ines-${tag}@example.com`);
    // A party of 0 stays as typed and is named on sending (it silently became 1 on leaving the field, #9).
    await form.getByLabel('Guests').fill('0');
    await form.getByLabel('Guests').press('Tab');
    expect(await form.getByLabel('Guests').inputValue()).toBe('0');
    await form.getByRole('button', { name: 'Request reservation' }).click();
    await expect.poll(() => form.getByText('Must be at least 1.').isVisible()).toBe(true);
    await form.getByLabel('Guests').fill('2');
    await pickDay(guest.page, form.getByLabel('Date'), date);
    const times = form.getByRole('radio');
    await expect.poll(() => times.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const offered = await times.evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
    const time = offered.includes('19:00') ? '19:00' : offered[0]!;
    // The chips' radios are hidden; their labels are what a guest taps.
    const chip = await form.locator(`input[name=time][value="${time}"]`).getAttribute('id');
    await form.locator(`label[for="${chip}"]`).click();
    await form.getByLabel('Message').fill('By the window, please.');
    await snap(guest.page, 'reservations-guest-form-phone-en');
    await form.getByRole('button', { name: 'Request reservation' }).click();
    await expect.poll(() => guest.page.getByText('Reservation Submitted!').isVisible(), { timeout: 10_000 }).toBe(true);
    await guest.context.close();

    // The manager's day view of that date shows it on a table, pending.
    await page.goto(url(`/dashboard/reservations?date=${date}`, DEMO));
    const bar = page.locator('[data-booking]', { hasText: name }).first();
    await bar.waitFor({ timeout: 10_000 });
    expect(await bar.getAttribute('data-status')).toBe('pending');
    const first = await rowOf(page, name);
    expect(first).toBeTruthy();
    const [formTable, dragTable] = free.filter((t) => t.name !== first);
    expect(dragTable).toBeDefined();
    await snap(page, 'reservations-day-desktop-en');

    // Opened from its bar, it is confirmed in the drawer.
    await bar.scrollIntoViewIfNeeded();
    await bar.click();
    await page.waitForURL(/[?&]id=/);
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('By the window, please.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await drawer.getByText(first!, { exact: true }).isVisible()).toBe(true);
    // A double tap confirms once: one status change sent, and no refusal beside the success.
    const changes: string[] = [];
    const count = (r: { url(): string; method(): string }) => {
      if (r.method() === 'PATCH' && r.url().endsWith('/status')) changes.push(r.url());
    };
    page.on('request', count);
    await drawer.getByRole('button', { name: 'Confirm' }).dblclick();
    await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(500);
    page.off('request', count);
    expect(changes).toHaveLength(1);
    expect(await page.getByText('The changes could not be saved').count()).toBe(0);
    // A booking three days ahead can be cancelled, but not seated, completed or marked a no-show yet.
    await expect.poll(() => drawer.getByRole('button', { name: 'Cancel reservation' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Seat guests' }).count()).toBe(0);

    // Moved to the other table by the drawer's form.
    await drawer.getByRole('button', { name: 'Move / change tables' }).click();
    const tablesField = drawer.getByRole('textbox', { name: 'Tables' });
    await tablesField.click();
    await tablesField.press('Backspace');
    await page.getByRole('option', { name: new RegExp(`^${formTable!.name} `) }).click();
    // A party larger than the chosen tables may still be squeezed in, with a word about it.
    const guestsField = drawer.getByRole('textbox', { name: 'Guests' });
    const guests = await guestsField.inputValue();
    await guestsField.fill(String(formTable!.max_seats + 1));
    const tooSmall = `These tables seat at most ${formTable!.max_seats} guests, and the party is ${formTable!.max_seats + 1}. You can still book them.`;
    await expect.poll(() => drawer.getByText(tooSmall).isVisible()).toBe(true);
    await guestsField.fill(guests);
    await expect.poll(() => drawer.getByText(tooSmall).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Move booking' }).click();
    await expect.poll(() => page.getByText('The reservation has been changed.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => rowOf(page, name), { timeout: 10_000 }).toBe(formTable!.name);
    expect(await page.locator('[data-booking]', { hasText: name }).first().getAttribute('data-status')).toBe('confirmed');

    // Dragged back to the first table, an hour later.
    const moved = page.locator('[data-booking]', { hasText: name }).first();
    // In the middle of the grid: near its right edge a drag also scrolls the times (and moves the bar further).
    await moved.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }));
    // The drawer's closing transition and the scroll settle first: the pointer must land on the bar.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const from = (await moved.boundingBox())!;
    const target = (await page.locator(`[data-table-name="${dragTable!.name}"]`).boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(from.x + 10 + 120, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
    // A new time is e-mailed to the guest, so the drop asks first, saying where the party goes.
    const later = `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:${time.slice(3)}`;
    const confirm = page.getByRole('dialog', { name: 'Move this booking?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(`${name} (2 guests): ${later}, ${dragTable!.name}`);
    expect(await confirm.getByText(`${name} gets an e-mail with the new time.`).isVisible()).toBe(true);
    await snap(page, 'reservations-day-move-confirm-desktop-en');
    await confirm.getByRole('button', { name: 'Move booking' }).click();
    await expect.poll(() => rowOf(page, name), { timeout: 10_000 }).toBe(dragTable!.name);
    await expect.poll(() => page.locator('[data-booking]', { hasText: name }).first().innerText(), { timeout: 10_000 }).toContain(later);
    // The server agrees (not only the optimistic picture).
    const after = await call<Day>(page, 'GET', `/tenant/reservations/day?date=${date}`);
    expect(after.body.data.bookings.find((b) => b.full_name === name)).toMatchObject({ time: later, table_ids: [dragTable!.id] });
    await snap(page, 'reservations-day-moved-desktop-en');
    await context.close();

    // Staff may look at the day but not book or move.
    const staff = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(staff.page, { email: 'staff@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });
    await staff.page.goto(url(`/dashboard/reservations?date=${date}`, DEMO));
    await staff.page.locator('[data-booking]', { hasText: name }).first().waitFor({ timeout: 10_000 });
    expect(await staff.page.getByRole('button', { name: 'Neue Buchung' }).count()).toBe(0);
    expect(await staff.page.getByRole('link', { name: 'Tische', exact: true }).count()).toBe(0);
    // The grid scrolls inside its box; the page itself does not.
    expect(await fitsWidth(staff.page)).toBe(true);
    await snap(staff.page, 'reservations-day-staff-phone-de');
    await staff.context.close();
  });

  it('on a phone, in German: a table booked by phone shows on the day; a touch drag onto a taken table is refused and the bar goes back', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, { ...manager, lang: 'de' });
    const options = await call<{ today: string }>(page, 'GET', '/tenant/public/reservation-options', { as: 'guest' });
    const date = plusDays(options.body.data.today, 4);
    await page.goto(url(`/dashboard/reservations?view=day&date=${date}`, DEMO));
    await page.getByTestId('day-grid').waitFor({ timeout: 10_000 });
    // The header keeps to two rows of buttons and the day's controls to one, so the grid starts high enough.
    const middleOf = async (name: string, role: 'button' | 'link' = 'button') => {
      const box = (await page.getByRole(role, { name, exact: true }).boundingBox())!;
      return Math.round(box.y + box.height / 2);
    };
    expect(await middleOf('Tische', 'link')).toBe(await middleOf('Neue Buchung'));
    expect(Math.abs((await middleOf('Heute')) - (await middleOf('Nächster Tag')))).toBeLessThanOrEqual(1);
    expect(await page.getByRole('button', { name: 'Heute' }).evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);

    // Two parties of two at 13:00, tables picked by the server.
    const hugo = `Hugo ${tag}`;
    const iris = `Iris ${tag}`;
    for (const guest of [hugo, iris]) {
      await page.getByRole('button', { name: 'Neue Buchung' }).click();
      const modal = page.getByRole('dialog', { name: 'Neue Buchung' });
      await modal.getByLabel('Name des Gastes').fill(guest);
      await modal.getByLabel('Telefon').fill('+49 30 7654321');
      await modal.getByLabel('Uhrzeit').fill('13:00');
      if (guest === hugo) {
        // Escape asks before throwing away what was typed; "Weiter bearbeiten" keeps it.
        await page.keyboard.press('Escape');
        const discard = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
        await discard.waitFor();
        await discard.getByRole('button', { name: 'Weiter bearbeiten' }).click();
        await discard.waitFor({ state: 'hidden' });
        expect(await modal.getByLabel('Name des Gastes').inputValue()).toBe(guest);
      }
      // The view's day, written as the page writes dates (not the browser's mm/dd/yyyy).
      expect(await modal.getByLabel('Datum').innerText()).toBe(new Date(`${date}T00:00:00Z`).toLocaleDateString('de-DE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
      await snap(page, 'reservations-new-booking-phone-de');
      if (guest === hugo) {
        // On a 375 px phone the stay field's placeholder is read whole ('Nach Ihren Regeln' was cut off).
        await page.setViewportSize({ width: 375, height: 812 });
        const stay = modal.getByLabel('Aufenthalt', { exact: true });
        const room = await stay.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = style.font;
          const free = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text: input.placeholder, needed: ctx.measureText(input.placeholder).width, free };
        });
        expect(room.text).not.toBe('');
        expect(room.needed).toBeLessThanOrEqual(room.free);
        await snap(page, 'reservations-new-booking-375-de');
        await page.setViewportSize(DESKTOP);
        await snap(page, 'reservations-new-booking-desktop-de');
        await page.setViewportSize(PHONE);
        // A 10-minute stay and a party of 0 stay as typed and are named on booking (they silently became 15 and 1, #9).
        await stay.fill('10');
        await stay.press('Tab');
        expect(await stay.inputValue()).toBe('10 Min.');
        const guests = modal.getByRole('textbox', { name: 'Gäste', exact: true });
        await guests.fill('0');
        await guests.press('Tab');
        expect(await guests.inputValue()).toBe('0');
        await modal.getByRole('button', { name: 'Tisch buchen' }).click();
        await expect.poll(() => modal.getByText('Muss mindestens 15 Min. sein.').isVisible()).toBe(true);
        expect(await modal.getByText('Muss mindestens 1 sein.').isVisible()).toBe(true);
        await snap(page, 'reservations-new-booking-errors-phone-de');
        await stay.fill('');
        await guests.fill('2');
      }
      await modal.getByRole('button', { name: 'Tisch buchen' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Neue Buchung' }).count(), { timeout: 10_000 }).toBe(0);
      const made = page.locator('[data-booking]', { hasText: guest }).first();
      await made.waitFor({ timeout: 10_000 });
      // The booking just made is focused and scrolled into the grid's view (a phone showed other hours).
      await expect.poll(() => made.evaluate((bar) => bar === document.activeElement)).toBe(true);
      // Its start is in sight, not under the tables' column or past the edge.
      expect(
        await made.evaluate((bar) => {
          const { left, top } = bar.getBoundingClientRect();
          return bar.contains(document.elementFromPoint(left + 4, top + 4));
        }),
      ).toBe(true);
    }
    const hugoTable = await rowOf(page, hugo);
    const irisTable = await rowOf(page, iris);
    expect(hugoTable).not.toBe(irisTable);
    expect(await fitsWidth(page)).toBe(true);
    // On a 375 px phone the day's controls stay inside their card ("Heute" used to stick out of its right edge).
    await page.setViewportSize({ width: 375, height: 812 });
    const card = (await page.getByTestId('day-grid').locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]').boundingBox())!;
    const todayButton = (await page.getByRole('button', { name: 'Heute' }).boundingBox())!;
    expect(todayButton.x + todayButton.width).toBeLessThanOrEqual(card.x + card.width);
    await page.setViewportSize(PHONE);
    await snap(page, 'reservations-day-phone-de');

    // A finger drags Iris onto Hugo's table at the same time: refused, with the server's reason, and she stays.
    const bar = page.locator('[data-booking]', { hasText: iris }).first();
    await bar.scrollIntoViewIfNeeded();
    const from = (await bar.boundingBox())!;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    // A swipe that starts on her bar scrolls the times; it does not move her (it did: the bar followed the finger).
    const grid = page.getByTestId('day-grid');
    const scrolled = await grid.evaluate((box) => box.scrollLeft);
    await touch('touchStart', x, y);
    for (let step = 1; step <= 8; step++) await touch('touchMove', x - step * 15, y);
    await touch('touchEnd');
    await expect.poll(() => grid.evaluate((box) => box.scrollLeft)).toBeGreaterThan(scrolled);
    expect(await rowOf(page, iris)).toBe(irisTable);
    expect(await page.locator('[data-booking]', { hasText: iris }).first().innerText()).toContain('13:00');
    // Held first, then dragged (from where the swipe began).
    await grid.evaluate((box, left) => (box.scrollLeft = left), scrolled);
    const held = (await bar.boundingBox())!;
    const to = (await page.locator(`[data-table-name="${hugoTable}"]`).boundingBox())!;
    const [hx, hy] = [held.x + held.width / 2, held.y + held.height / 2];
    await touch('touchStart', hx, hy);
    await page.waitForTimeout(600);
    for (let step = 1; step <= 8; step++) await touch('touchMove', hx, hy + ((to.y + to.height / 2 - hy) * step) / 8);
    await touch('touchEnd');
    await expect.poll(() => page.getByText('Die Buchung konnte nicht verschoben werden').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => rowOf(page, iris), { timeout: 10_000 }).toBe(irisTable);

    // The list on the phone: its refresh is an icon in the row of the two buttons (the word took a row of its own).
    await page.goto(url('/dashboard/reservations?view=list', DEMO));
    await page.getByRole('button', { name: 'Aktualisieren' }).waitFor();
    expect(await middleOf('Aktualisieren')).toBe(await middleOf('Neue Buchung'));
    expect(await page.getByRole('button', { name: 'Aktualisieren' }).textContent()).toBe('');
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });

  it("a late stay past midnight shows on the next date's view from midnight, and each date's summary counts only its own bookings", async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, manager);
    // Reservation hours until 02:00 every night.
    const settings = (await call<{ settings: Record<string, unknown> }>(page, 'GET', '/tenant/reservation-setup')).body.data.settings;
    const nights = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '17:00', close: '02:00' }));
    try {
      const saved = await call(page, 'PUT', '/tenant/reservation-setup/settings', { body: { ...settings, hours: nights } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const options = await call<{ today: string }>(page, 'GET', '/tenant/public/reservation-options', { as: 'guest' });
      const friday = plusDays(options.body.data.today, 6);
      const saturday = plusDays(friday, 1);
      const late = `Nina ${tag}`;
      const booked = await call(page, 'POST', '/tenant/reservations', { body: { full_name: late, phone_number: '+49 30 1112223', guests: 3, date: friday, time: '23:30', duration_minutes: 120 } });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);

      // Saturday: Nina's table is taken until 01:30, so her bar comes in at the view's start (midnight), not draggable here.
      await page.goto(url(`/dashboard/reservations?view=day&date=${saturday}`, DEMO));
      const bar = page.locator('[data-booking]', { hasText: late }).first();
      await bar.waitFor({ timeout: 10_000 });
      expect(await bar.getAttribute('aria-label')).toContain('23:30');
      expect(await bar.textContent()).toContain('23:30 (day before)');
      const row = (await page.locator('[data-row-key]', { has: bar }).boundingBox())!;
      const box = (await bar.boundingBox())!;
      // The table names' column is on the left of the row, then minute 0: the bar starts there, an hour and a half long.
      expect(box.width).toBeGreaterThan(150);
      expect(box.width).toBeLessThan(190);
      expect(box.x + box.width).toBeLessThan(row.x + row.width);
      expect(await bar.evaluate((element) => getComputedStyle(element).cursor)).toBe('pointer');
      await snap(page, 'reservations-day-after-midnight-desktop-en');
      // Counted on its own date only.
      const own = async (date: string) => {
        const day = (await call<TReservationDay>(page, 'GET', `/tenant/reservations/day?date=${date}`)).body.data;
        return day.bookings.filter((b) => b.date === date && HOLDING_STATUSES.includes(b.status)).length;
      };
      const summary = (count: number) => new RegExp(`· ${count} bookings?, `);
      const onSaturday = await own(saturday);
      await expect.poll(() => page.getByText(summary(onSaturday)).count()).toBe(1);
      await page.getByRole('button', { name: 'Previous day' }).click();
      const onFriday = await own(friday);
      expect(onFriday).toBeGreaterThan(0);
      await expect.poll(() => page.getByText(summary(onFriday)).count()).toBe(1);
    } finally {
      expect((await call(page, 'PUT', '/tenant/reservation-setup/settings', { body: settings })).status).toBe(200);
    }
    await context.close();
  });
});
