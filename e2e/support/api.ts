import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Reply<T = unknown> {
  status: number;
  body: { success: boolean; data: T; message?: string };
}

/**
 * A call from the page, with the headers the web app sends (SPEC §7). `as` picks whether the signed-in
 * token goes along (staff) or not (a guest on the storefront).
 */
export async function call<T = unknown>(page: Page, method: string, path: string, options: { body?: unknown; as?: 'staff' | 'guest'; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
  return page.evaluate(
    async ({ method, path, body, staff, extra }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...extra };
      if (method !== 'GET') headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf ?? '');
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const token = localStorage.getItem('token');
      if (staff && token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body: options.body, staff: options.as !== 'guest', extra: options.headers ?? {} },
  ) as Promise<Reply<T>>;
}

/** Opens the kitchen all day for pickup (needs settings.manage), so a journey can order at any hour. */
export async function openAllDay(page: Page) {
  const settings = await call<Record<string, unknown>>(page, 'GET', '/tenant/admin/settings');
  const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '00:00', close: '23:59' }));
  const saved = await call(page, 'PUT', '/tenant/admin/settings', {
    body: { ...settings.body.data, is_open: true, opening_hours: allDay, order_types: { ...(settings.body.data.order_types as object), pickup: true } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

export interface Placed {
  number: number;
  token: string;
  id: string;
}

/** A guest's order through the public checkout endpoint, then its id as the signed-in staff see it. */
/** Places a pickup order as a guest: as soon as possible, or for `requested` (a day and slot the checkout offers). */
export async function placeOrder(page: Page, productId: string, guest: { name: string; quantity: number; note?: string; requested?: { date: string; time: string } }): Promise<Placed> {
  const placed = await call<{ order: { number: number }; tracking_token: string }>(page, 'POST', '/tenant/orders', {
    as: 'guest',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: {
      items: [{ product_id: productId, quantity: guest.quantity }],
      customer_name: guest.name,
      customer_phone: '+49 30 1234567',
      customer_email: 'guest@example.com',
      type: 'pickup',
      ...(guest.requested ? { requested_date: guest.requested.date, requested_time: guest.requested.time } : { requested_time: null }),
      note: guest.note,
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const number = placed.body.data.order.number;
  const list = await call<{ data: { id: string; number: number }[] }>(page, 'GET', `/tenant/orders?search=${number}`);
  const id = list.body.data.data.find((o) => o.number === number)!.id;
  return { number, token: placed.body.data.tracking_token, id };
}

/**
 * Rejects every order still waiting at the signed-in staff's restaurant. Journeys that count the bell call it first:
 * an earlier journey's order left waiting would otherwise ring it (the escalation worker's "waiting" notice) mid-test.
 */
export async function rejectWaitingOrders(page: Page) {
  const waiting = await call<{ data: { id: string }[] }>(page, 'GET', '/tenant/orders?status=pending&per_page=100');
  expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
  for (const order of waiting.body.data.data) {
    const res = await call(page, 'PATCH', `/tenant/orders/${order.id}/status`, { body: { status: 'rejected', reason: 'Journey clean-up' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
