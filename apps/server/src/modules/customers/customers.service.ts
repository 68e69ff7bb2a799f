import type { z } from 'zod';
import type { TPage } from '@tavolo/contracts/envelope';
import { AppError } from '@tavolo/contracts/errors';
import { ERASED_NAME, type TCustomer, type TCustomerDetail, type TErasureCounts, type ZCustomerQuery } from '@tavolo/contracts/customers';
import type { TOrderStatus } from '@tavolo/contracts/orders';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { hashToken } from '../../lib/tokens.ts';
import { renderSubject } from '../mail-log/mail-log.service.ts';
import { createCustomersRepo, type CustomerAggregate } from './customers.repo.ts';

type CustomerQuery = z.output<typeof ZCustomerQuery>;

export interface CustomersOptions {
  db: Db;
  live?: LiveEvents;
  now?: () => Date;
}

/** The opaque key of a customer in paths: base64url of the lower-case e-mail. */
export const customerKey = (email: string) => Buffer.from(email.toLowerCase(), 'utf8').toString('base64url');

/** The e-mail behind a key; anything that does not decode to an e-mail is simply no one (404). */
function emailOf(key: string): string {
  const email = Buffer.from(key, 'base64url').toString('utf8');
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || customerKey(email) !== key) throw new AppError('NOT_FOUND');
  return email;
}

const toCustomer = (c: CustomerAggregate): TCustomer => ({
  key: customerKey(c.email),
  name: c.name,
  email: c.email,
  phone: c.phone,
  order_count: c.orderCount,
  total_spent_cents: c.spentCents,
  reservation_count: c.reservationCount,
  first_visit: c.firstVisit.toISOString(),
  last_visit: c.lastVisit.toISOString(),
  newsletter: c.newsletter,
  marketing: c.marketing,
  currency_symbol: c.currencySymbol,
});

/** Rows as plain JSON with snake_case keys and ISO dates; internal columns (tenant, token hashes) left out. */
const INTERNAL = new Set(['tenantId', 'trackingTokenHash', 'confirmTokenHash', 'unsubscribeTokenHash']);
function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (INTERNAL.has(k)) continue;
    out[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** Customers merged by e-mail, their GDPR export and erasure. */
export function createCustomersService({ db, live, now = () => new Date() }: CustomersOptions) {
  const repo = createCustomersRepo(db);

  const find = async (tenantId: string, key: string) => {
    const email = emailOf(key);
    const customer = await repo.byEmail(tenantId, email);
    if (!customer) throw new AppError('NOT_FOUND');
    return customer;
  };

  return {
    async list(tenantId: string, q: CustomerQuery): Promise<TPage<TCustomer>> {
      const { rows, total } = await repo.list(tenantId, { search: q.search || undefined, sort: q.sort, page: q.page, perPage: q.per_page });
      return { data: rows.map(toCustomer), total, per_page: q.per_page, current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.per_page)) };
    },

    async detail(tenantId: string, key: string): Promise<TCustomerDetail> {
      const customer = await find(tenantId, key);
      const [orders, reservations] = await Promise.all([repo.orders(tenantId, customer.email), repo.reservations(tenantId, customer.email)]);
      return {
        ...toCustomer(customer),
        orders: orders.map((o) => ({
          id: o.id,
          number: o.number,
          status: o.status as TOrderStatus,
          total_cents: o.totalCents,
          currency_symbol: o.currencySymbol,
          created_at: o.createdAt.toISOString(),
        })),
        reservations: reservations.map((r) => ({ id: r.id, date: r.date, time: r.time, guests: r.guests, status: r.status })),
      };
    },

    /** Everything held about the customer (GDPR right of access), as one JSON document. */
    async export(tenantId: string, key: string, restaurant: string) {
      const customer = await find(tenantId, key);
      const [orders, reservations, rest] = await Promise.all([
        repo.orders(tenantId, customer.email),
        repo.reservations(tenantId, customer.email),
        repo.requestsOf(tenantId, customer.email),
      ]);
      const lines = await repo.orderLines(
        tenantId,
        orders.map((o) => o.id),
      );
      const newsletter = rest.newsletter[0];
      return {
        exported_at: now().toISOString(),
        restaurant,
        customer: toCustomer(customer),
        orders: orders.map((o) => ({
          ...exportRow(o),
          lines: lines.filter((l) => l.orderId === o.id).map(({ orderId: _order, id: _id, ...line }) => exportRow(line)),
        })),
        reservations: reservations.map(exportRow),
        contact_requests: rest.contact.map(exportRow),
        stock_check_requests: rest.stockCheck.map(exportRow),
        quote_requests: rest.quote.map(exportRow),
        replies: rest.replies.map(exportRow),
        newsletter: newsletter ? { status: newsletter.status, language: newsletter.language, confirmed_at: newsletter.confirmedAt?.toISOString() ?? null, unsubscribed_at: newsletter.unsubscribedAt?.toISOString() ?? null, created_at: newsletter.createdAt.toISOString() } : null,
        mails: rest.mails.map((m) => ({ to: m.toAddress, subject: renderSubject(m), status: m.status, created_at: m.createdAt.toISOString(), sent_at: m.sentAt?.toISOString() ?? null })),
      };
    },

    /**
     * Erases the customer's personal data (GDPR right to erasure) in one transaction: everything or nothing. The
     * record of it keeps only a hash of the e-mail.
     */
    async erase(tenantId: string, key: string, confirmEmail: string, userId: string): Promise<TErasureCounts> {
      const customer = await find(tenantId, key);
      if (confirmEmail.trim().toLowerCase() !== customer.email) {
        throw new AppError('VALIDATION', 'customers.errors.confirm_mismatch', { confirm_email: ['customers.errors.confirm_mismatch'] });
      }
      const counts = await db.transaction(async (txDb) => {
        const tx = createCustomersRepo(txDb as unknown as Db);
        const erased = await tx.erase(tenantId, customer.email, ERASED_NAME, now());
        await tx.logErasure({ tenantId, emailHash: hashToken(customer.email), userId, counts: erased });
        return erased;
      });
      live?.publish(tenantId, { topics: ['orders', 'reservations', 'requests'] });
      return counts;
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
