import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openAllDay, placeOrder, type Placed } from '../support/api.ts';
import { DEMO_PASSWORD, DESKTOP, PHONE, fitsWidth, snap, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();

const NOT_AUTHORIZED = {
  en: { title: 'Not authorized', text: 'You are not authorized to perform this action.', home: 'Back to the dashboard' },
  de: { title: 'Keine Berechtigung', text: 'Sie sind nicht berechtigt, diese Aktion auszuführen.', home: 'Zurück zur Übersicht' },
};

/** The links of the dashboard's sidebar, in order (once it is there: Home is everyone's). */
async function sidebarLinks(page: Page) {
  const sidebar = page.locator('[data-tour="sidebar"]');
  await sidebar.locator('a[href="/dashboard/home"]').waitFor({ timeout: 10_000 });
  return sidebar.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
}

/** The page says, inside the dashboard frame, that this role may not open it. */
async function expectNotAuthorized(page: Page, lang: 'en' | 'de') {
  const alert = page.getByRole('alert').filter({ hasText: NOT_AUTHORIZED[lang].text });
  await expect.poll(() => alert.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await alert.getByRole('heading', { name: NOT_AUTHORIZED[lang].title }).isVisible()).toBe(true);
  expect(await alert.getByRole('link', { name: NOT_AUTHORIZED[lang].home }).getAttribute('href')).toBe('/dashboard/home');
  // Still the dashboard: its header and navigation are there.
  expect(await page.getByRole('banner').isVisible()).toBe(true);
}

describe('each role sees only what it may use (issue #7)', () => {
  let pending: Placed;

  beforeAll(async () => {
    // A guest's order waiting for someone to accept it: the admin opens the kitchen and adds a dish.
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, { email: 'admin@demo.example.com', password: DEMO_PASSWORD });
    await openAllDay(page);
    // A category of its own: journeys running alongside may hide or reorder the demo's categories.
    const category = await call<{ id: string }>(page, 'POST', '/tenant/categories', { body: { name: `Roles ${uniqueSlug('c').slice(-5)}` } });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const dish = await call<{ id: string }>(page, 'POST', '/tenant/products', {
      body: { name: `Roles Ravioli ${uniqueSlug('r').slice(-5)}`, price_cents: 1100, category_id: category.body.data.id },
    });
    expect(dish.status, JSON.stringify(dish.body)).toBe(201);
    pending = await placeOrder(page, dish.body.data.id, { name: 'Paula Pending', quantity: 1 });
    await context.close();
  });

  it('staff: only Home, Orders, Reservations and Bulletin; orders without actions; other pages say not authorized', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, { email: 'staff@demo.example.com', password: DEMO_PASSWORD });
    expect(await sidebarLinks(page)).toEqual(['/dashboard/home', '/dashboard/orders', '/dashboard/reservations', '/dashboard/bulletin', '/']);

    // Orders: looking, not changing. No phone order, no accept or reject.
    await page.goto(url(`/dashboard/orders?order_id=${pending.id}`, 'demo'));
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText(`Order #${pending.number}`).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => drawer.getByText('You can view orders; changing them needs the permission to manage orders.').isVisible()).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New phone order' }).count()).toBe(0);

    // The bulletin is read-only.
    await page.goto(url('/dashboard/bulletin', 'demo'));
    await expect.poll(() => page.getByRole('heading', { name: 'Bulletin', exact: false }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'New post' }).count()).toBe(0);

    // Pages typed into the address bar: settings, customers, the menu.
    for (const path of ['/dashboard/settings', '/dashboard/customers', '/dashboard/products', '/dashboard/email-settings']) {
      await page.goto(url(path, 'demo'));
      await expectNotAuthorized(page, 'en');
    }
    // The way back works.
    await page.getByRole('link', { name: NOT_AUTHORIZED.en.home }).click();
    await page.waitForURL(url('/dashboard/home', 'demo'));
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const lang of ['en', 'de'] as const) {
      it(`staff at ${viewport.width}px in ${lang}: the not-authorized page and the read-only orders list`, async () => {
        const { context, page } = await browser.newPage({ viewport, language: lang });
        await signIn(page, { email: 'staff@demo.example.com', password: DEMO_PASSWORD, lang });
        await page.goto(url('/dashboard/settings', 'demo'));
        await expectNotAuthorized(page, lang);
        expect(await fitsWidth(page)).toBe(true);
        await snap(page, `roles-staff-not-authorized-${viewport.width}-${lang}`);

        await page.goto(url('/dashboard/orders', 'demo'));
        await page.getByRole('button', { name: lang === 'de' ? `Bestellung #${pending.number} öffnen` : `Open order #${pending.number}` }).first().waitFor({ timeout: 10_000 });
        expect(await page.getByRole('button', { name: lang === 'de' ? 'Neue Telefonbestellung' : 'New phone order' }).count()).toBe(0);
        expect(await fitsWidth(page)).toBe(true);
        await snap(page, `roles-staff-orders-${viewport.width}-${lang}`);
        await context.close();
      });
    }
  }

  it('manager: accepts the order, and has no Settings, Users or Roles', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, { email: 'manager@demo.example.com', password: DEMO_PASSWORD });
    const links = await sidebarLinks(page);
    expect(links).toEqual(expect.arrayContaining(['/dashboard/orders', '/dashboard/categories', '/dashboard/products', '/dashboard/bulletin']));
    for (const hidden of ['/dashboard/settings', '/dashboard/users', '/dashboard/roles', '/dashboard/email-settings', '/dashboard/themes']) expect(links).not.toContain(hidden);

    await page.goto(url(`/dashboard/orders?order_id=${pending.id}`, 'demo'));
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByRole('button', { name: 'Accept' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Reject' }).isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('dialog', { name: `Accept order #${pending.number}` });
    await accept.getByRole('button', { name: '20 min' }).click();
    await accept.getByRole('button', { name: 'Accept order' }).click();
    await expect.poll(() => page.getByText('Changes saved successfully').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await call<{ status: string }>(page, 'GET', `/tenant/orders/${pending.id}`)).body.data.status).toBe('accepted');

    await page.goto(url('/dashboard/settings', 'demo'));
    await expectNotAuthorized(page, 'en');
    await context.close();
  });

  it('a custom role without any permission: Home with a greeting and nothing refused, every other page not authorized', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'en' });
    await signIn(page, { email: 'admin@demo.example.com', password: DEMO_PASSWORD });
    const role = await call<{ id: string }>(page, 'POST', '/tenant/roles', { body: { name: 'Door host', permissions: [] } });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const password = 'Correct-Horse-Battery-9';
    const user = await call(page, 'POST', '/tenant/users', {
      body: { name: 'Dana Door', email: 'dana.door@demo.example.com', role_id: role.body.data.id, mode: 'password', password, password_confirmation: password },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    await context.close();

    const host = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(host.page, { email: 'dana.door@demo.example.com', password });
    expect(await sidebarLinks(host.page)).toEqual(['/dashboard/home', '/']);
    await expect.poll(() => host.page.getByRole('heading', { name: /Dana/ }).isVisible(), { timeout: 10_000 }).toBe(true);
    // The home asks the server for nothing this role may not see: no refusal, no failed panel.
    await host.page.waitForTimeout(1500);
    expect(await host.page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(await host.page.getByRole('alert').count()).toBe(0);
    await host.page.goto(url('/dashboard/bulletin', 'demo'));
    await expectNotAuthorized(host.page, 'en');
    await host.context.close();
  });

  it('a call the server refuses (permissions changed since the page loaded) shows its message in a notification', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'de' });
    await signIn(page, { email: 'manager@demo.example.com', password: DEMO_PASSWORD, lang: 'de' });
    // The page believes the manager may change settings (as if the role had just lost it): the server still says no.
    const me = await call<{ permissions: string[] }>(page, 'GET', '/me');
    const stale = { ...me.body, data: { ...me.body.data, permissions: [...me.body.data.permissions, 'settings.manage'] } };
    await page.route('**/api/me', (route) => route.fulfill({ json: stale }));
    await page.goto(url('/dashboard/settings', 'demo'));
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: NOT_AUTHORIZED.de.text });
    await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await toast.getByText(NOT_AUTHORIZED.de.title).isVisible()).toBe(true);
    // Once, however many calls were refused.
    expect(await toast.count()).toBe(1);
    await snap(page, 'roles-forbidden-toast-1280-de');
    await context.close();
  });
});
