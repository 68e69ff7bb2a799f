import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TCustomerSort } from '@tavolo/contracts/customers';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/product-page.ts';
import {
  contactRequests,
  customerErasures,
  idempotencyKeys,
  mailOutbox,
  newsletterSubscribers,
  notifications,
  orderItems,
  orders,
  quoteRequests,
  requestReplies,
  reservations,
  stockCheckRequests,
  tenantSettings,
} from '../../db/schema/index.ts';

export interface CustomerAggregate {
  email: string;
  name: string;
  phone: string;
  orderCount: number;
  spentCents: number;
  reservationCount: number;
  firstVisit: Date;
  lastVisit: Date;
  newsletter: boolean;
  marketing: boolean;
  currencySymbol: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Every order (not erased) and reservation of the tenant as one row each, keyed by the lower-case e-mail. Rows
 * without an e-mail (erased reservations, phone orders taken without one) are no one's.
 */
const people = (tenantId: string, email?: string) => sql`
  select lower(${orders.customerEmail}) as email, ${orders.customerName} as name, ${orders.customerPhone} as phone,
         ${orders.createdAt} as at, 1 as is_order, 0 as is_reservation,
         case when ${orders.status} in ('rejected', 'cancelled') then 0 else ${orders.totalCents} end as spent,
         ${orders.marketingConsent} as marketing
    from ${orders}
   where ${orders.tenantId} = ${tenantId} and ${orders.anonymizedAt} is null and ${orders.customerEmail} <> ''
         ${email ? sql`and lower(${orders.customerEmail}) = ${email}` : sql``}
  union all
  select lower(${reservations.email}), ${reservations.fullName}, ${reservations.phoneNumber},
         ${reservations.createdAt}, 0, 1, 0, null
    from ${reservations}
   where ${reservations.tenantId} = ${tenantId} and ${reservations.email} <> ''
         ${email ? sql`and lower(${reservations.email}) = ${email}` : sql``}`;

const ORDER_BY: Record<TCustomerSort, SQL> = {
  last_visit: sql`last_visit desc, email`,
  total_spent: sql`spent_cents desc, last_visit desc, email`,
  orders: sql`order_count desc, last_visit desc, email`,
};

interface RawAggregate {
  email: string;
  name: string;
  phone: string;
  order_count: number | string;
  spent_cents: number | string;
  reservation_count: number | string;
  first_visit: Date | string;
  last_visit: Date | string;
  newsletter: boolean;
  marketing: boolean | null;
  currency_symbol: string | null;
}

const toAggregate = (r: RawAggregate): CustomerAggregate => ({
  email: r.email,
  name: r.name,
  phone: r.phone,
  orderCount: Number(r.order_count),
  spentCents: Number(r.spent_cents),
  reservationCount: Number(r.reservation_count),
  firstVisit: new Date(r.first_visit),
  lastVisit: new Date(r.last_visit),
  newsletter: Boolean(r.newsletter),
  marketing: Boolean(r.marketing),
  currencySymbol: r.currency_symbol ?? '$',
});

/** The only Drizzle code of the customers module; every statement is filtered by the tenant's key. */
export function createCustomersRepo(db: Db) {
  /** One customer per e-mail with its figures; name, phone and consent from the latest record. */
  const aggregate = (tenantId: string, filter: { email?: string; search?: string }) => {
    const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
    return sql`
      select p.email,
             (array_agg(p.name order by p.at desc))[1] as name,
             (array_agg(p.phone order by p.at desc))[1] as phone,
             sum(p.is_order)::int as order_count,
             sum(p.spent)::bigint as spent_cents,
             sum(p.is_reservation)::int as reservation_count,
             min(p.at) as first_visit,
             max(p.at) as last_visit,
             (array_agg(p.marketing order by p.at desc) filter (where p.is_order = 1))[1] as marketing,
             exists (select 1 from ${newsletterSubscribers} n
                      where n.tenant_id = ${tenantId} and lower(n.email) = p.email and n.status = 'confirmed') as newsletter,
             (select s.currency_symbol from ${tenantSettings} s where s.tenant_id = ${tenantId}) as currency_symbol
        from (${people(tenantId, filter.email)}) p
       group by p.email
      ${pattern ? sql`having bool_or(p.email ilike ${pattern} or p.name ilike ${pattern} or p.phone ilike ${pattern})` : sql``}`;
  };

  return {
    /** One page of customers plus how many match: two statements whatever the page. */
    async list(tenantId: string, q: { search?: string; sort: TCustomerSort; page: number; perPage: number }) {
      const base = aggregate(tenantId, { search: q.search });
      const [page, counted] = await Promise.all([
        db.execute(sql`select * from (${base}) c order by ${ORDER_BY[q.sort]} limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`),
        db.execute(sql`select count(*)::int as n from (${base}) c`),
      ]);
      return { rows: rowsOf<RawAggregate>(page).map(toAggregate), total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
    },

    async byEmail(tenantId: string, email: string): Promise<CustomerAggregate | undefined> {
      const [row] = rowsOf<RawAggregate>(await db.execute(aggregate(tenantId, { email })));
      return row && toAggregate(row);
    },


    /** The customer's orders, newest first (all their columns: the export needs them, the detail picks). */
    async orders(tenantId: string, email: string) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), sql`lower(${orders.customerEmail}) = ${email}`, sql`${orders.anonymizedAt} is null`))
        .orderBy(desc(orders.createdAt), desc(orders.number));
    },

    async orderLines(tenantId: string, orderIds: string[]) {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, orderIds)))
        .orderBy(asc(orderItems.orderId), asc(orderItems.name));
    },

    async reservations(tenantId: string, email: string) {
      return db
        .select()
        .from(reservations)
        .where(and(eq(reservations.tenantId, tenantId), ne(reservations.email, ''), sql`lower(${reservations.email}) = ${email}`))
        .orderBy(desc(reservations.date), desc(reservations.time));
    },

    /** Contact, stock-check and quote requests, replies, newsletter row and mails: the rest of a GDPR export. */
    async requestsOf(tenantId: string, email: string) {
      const byEmail = (column: AnyPgColumn) => sql`lower(${column}) = ${email} and ${column} <> ''`;
      const [contact, stockCheck, quote, replies, newsletter, mails] = await Promise.all([
        db.select().from(contactRequests).where(and(eq(contactRequests.tenantId, tenantId), byEmail(contactRequests.email))).orderBy(desc(contactRequests.createdAt)),
        db.select().from(stockCheckRequests).where(and(eq(stockCheckRequests.tenantId, tenantId), byEmail(stockCheckRequests.email))).orderBy(desc(stockCheckRequests.createdAt)),
        db.select().from(quoteRequests).where(and(eq(quoteRequests.tenantId, tenantId), byEmail(quoteRequests.email))).orderBy(desc(quoteRequests.createdAt)),
        db
          .select()
          .from(requestReplies)
          .where(and(eq(requestReplies.tenantId, tenantId), byEmail(requestReplies.toAddress)))
          .orderBy(desc(requestReplies.createdAt)),
        db.select().from(newsletterSubscribers).where(and(eq(newsletterSubscribers.tenantId, tenantId), byEmail(newsletterSubscribers.email))),
        db.select().from(mailOutbox).where(and(eq(mailOutbox.tenantId, tenantId), byEmail(mailOutbox.toAddress))).orderBy(desc(mailOutbox.createdAt)),
      ]);
      return { contact, stockCheck, quote, replies, newsletter, mails };
    },

    /**
     * Erases what the restaurant holds about `email` (call inside a transaction: it is several statements).
     * Orders keep their figures and lines; the person's name, phone, e-mail, address and note go.
     */
    async erase(tenantId: string, email: string, marker: string, at: Date) {
      const match = (column: AnyPgColumn) => sql`lower(${column}) = ${email} and ${column} <> ''`;
      const ids = (rows: unknown[]) => rows.length;
      const erasedOrders = await db
        .update(orders)
        .set({ customerName: marker, customerPhone: '', customerEmail: '', deliveryAddress: null, note: null, anonymizedAt: at, marketingConsent: false })
        .where(and(eq(orders.tenantId, tenantId), match(orders.customerEmail)))
        .returning({ id: orders.id, number: orders.number });
      const erasedReservations = await db
        .update(reservations)
        .set({ fullName: marker, phoneNumber: '', email: '', message: '' })
        .where(and(eq(reservations.tenantId, tenantId), match(reservations.email)))
        .returning({ id: reservations.id });
      const contact = await db
        .update(contactRequests)
        .set({ name: marker, email: '', phone: null, subject: marker, message: '' })
        .where(and(eq(contactRequests.tenantId, tenantId), match(contactRequests.email)))
        .returning({ id: contactRequests.id });
      const stockCheck = await db
        .update(stockCheckRequests)
        .set({ fullName: marker, phoneNumber: '', email: '' })
        .where(and(eq(stockCheckRequests.tenantId, tenantId), match(stockCheckRequests.email)))
        .returning({ id: stockCheckRequests.id });
      const quote = await db
        .update(quoteRequests)
        .set({ name: marker, email: '', phone: '', message: '' })
        .where(and(eq(quoteRequests.tenantId, tenantId), match(quoteRequests.email)))
        .returning({ id: quoteRequests.id });
      // Replies were written to the guest and may greet them by name: the text goes with the address.
      const replies = await db
        .update(requestReplies)
        .set({ toAddress: '', body: '' })
        .where(and(eq(requestReplies.tenantId, tenantId), match(requestReplies.toAddress)))
        .returning({ id: requestReplies.id });
      const newsletter = await db
        .delete(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.tenantId, tenantId), match(newsletterSubscribers.email)))
        .returning({ id: newsletterSubscribers.id });
      // Copies of them kept for the team: the bell's notifications and the alert mails to the restaurant about their
      // orders, bookings and requests (found by what they are about, as they were not sent to the guest).
      const orderIds = erasedOrders.map((row) => row.id);
      const subjectIds = [...erasedReservations, ...contact, ...stockCheck, ...quote].map((row) => row.id);
      const about = (column: AnyPgColumn | SQL, idList: string[]) => (idList.length ? inArray(sql`${column}`, idList) : sql`false`);
      const notified = await db
        .update(notifications)
        .set({ data: sql`${notifications.data} || jsonb_build_object('name', ${marker}::text)` })
        .where(and(eq(notifications.tenantId, tenantId), sql`${notifications.data} ? 'name'`, or(about(notifications.orderId, orderIds), about(notifications.subjectId, subjectIds))))
        .returning({ id: notifications.id });
      const theirMail = or(match(mailOutbox.toAddress), about(mailOutbox.subjectId, [...orderIds, ...subjectIds]));
      const mailsDeleted = await db
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, tenantId), theirMail, ne(mailOutbox.status, 'sent')))
        .returning({ id: mailOutbox.id });
      // Sent mails stay in the mail log as a record that something was sent, but no longer say to whom or what (a
      // subject that named them names the marker).
      const subjectParams = sql`${mailOutbox.payload}->'subjectParams'`;
      const mailsRedacted = await db
        .update(mailOutbox)
        .set({
          toAddress: sql`case when ${match(mailOutbox.toAddress)} then '' else ${mailOutbox.toAddress} end`,
          payload: sql`jsonb_build_object('site', ${mailOutbox.payload}->'site', 'subjectKey', ${mailOutbox.payload}->'subjectKey', 'subjectParams',
            case when ${subjectParams} ? 'name' then ${subjectParams} || jsonb_build_object('name', ${marker}::text) else ${subjectParams} end)`,
        })
        .where(and(eq(mailOutbox.tenantId, tenantId), theirMail))
        .returning({ id: mailOutbox.id });
      // A checkout's answer kept for replays holds the order as the guest saw it (by its number, the guest's view has
      // no id); its key goes with it, as it would after 48 hours.
      const replays = await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.tenantId, tenantId),
            about(sql`${idempotencyKeys.responseBody}->'data'->'order'->>'number'`, erasedOrders.map((row) => String(row.number))),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return {
        orders: ids(erasedOrders),
        reservations: ids(erasedReservations),
        contact_requests: ids(contact),
        stock_check_requests: ids(stockCheck),
        quote_requests: ids(quote),
        request_replies: ids(replies),
        newsletter: ids(newsletter),
        mails_deleted: ids(mailsDeleted),
        mails_redacted: ids(mailsRedacted),
        notifications: ids(notified),
        order_replays: ids(replays),
      };
    },

    async logErasure(values: { tenantId: string; emailHash: string; userId: string; counts: Record<string, number> }) {
      await db.insert(customerErasures).values(values);
    },
  };
}
export type CustomersRepo = ReturnType<typeof createCustomersRepo>;
