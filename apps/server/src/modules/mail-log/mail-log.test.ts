import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TMailLogEntry } from '@tavolo/contracts/mail-log';
import { mailOutbox } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import { explainStoredError, renderSubject } from './mail-log.service.ts';

const URL_ = '/api/tenant/admin/mails';
const resendUrl = (id: string) => `${URL_}/${id}/resend`;

describe('renderSubject', () => {
  it('renders the subject in the mail language with the site and its parameters', () => {
    const payload = { site: 'Osteria', name: 'Greta', subjectKey: 'orders.mail.placed_subject', subjectParams: { number: 1042 }, paragraphs: [] };
    expect(renderSubject({ language: 'en', payload })).toBe('Your order #1042 at Osteria');
    expect(renderSubject({ language: 'de', payload })).toMatch(/1042.*Osteria/);
    expect(renderSubject({ language: 'de', payload })).not.toBe('Your order #1042 at Osteria');
  });

  it('writes dates as the mail did (the log showed 2026-12-24 where the mail said Dec 24, 2026)', () => {
    const payload = { site: 'Osteria', subjectKey: 'mail.requests.quote_staff_subject', subjectParams: { name: 'Greta', date: '2026-12-24' }, paragraphs: [] };
    expect(renderSubject({ language: 'en', payload })).toBe('New quote request: Greta, Dec 24, 2026');
    expect(renderSubject({ language: 'de', payload })).toContain('24.12.2026');
  });

  it('is empty rather than failing for a payload without a subject', () => {
    expect(renderSubject({ language: 'en', payload: {} })).toBe('');
  });
});

describe('explainStoredError', () => {
  it('puts connection problems in words, in the reader language', () => {
    expect(explainStoredError('connect ECONNREFUSED 127.0.0.1:2525', 'a@b.example.com', 'en')).toMatch(/^The server 127\.0\.0\.1 refused the connection on port 2525\./);
    expect(explainStoredError('getaddrinfo ENOTFOUND smtp.typo.example', 'a@b.example.com', 'en')).toMatch(/smtp\.typo\.example could not be found/);
    expect(explainStoredError('connect ECONNREFUSED 127.0.0.1:2525', 'a@b.example.com', 'de')).not.toContain('refused');
  });

  it("words the outbox's own refusals (stored as message keys) in the reader language", () => {
    expect(explainStoredError('smtp.errors.private_address', 'a@b.example.com', 'de')).toMatch(/^Dieser Mailserver liegt im internen Netz der Plattform\./);
    expect(explainStoredError('smtp.validation.password_unreadable', 'a@b.example.com', 'en')).toMatch(/^The saved password can no longer be read/);
    // With what they name; a mangled remainder loses the name, not the message.
    expect(explainStoredError('smtp.errors.host_not_found {"host":"smtp.typo.example"}', 'a@b.example.com', 'en')).toMatch(/smtp\.typo\.example could not be found/);
    expect(explainStoredError('smtp.errors.host_not_found {"host":', 'a@b.example.com', 'en')).toBe('smtp.errors.host_not_found {"host":');
    expect(explainStoredError('smtp.errors.host_not_found {not json}', 'a@b.example.com', 'en')).toMatch(/could not be found/);
  });

  it('keeps what the server said when there is nothing better to say', () => {
    expect(explainStoredError('550 Mailbox unavailable', 'a@b.example.com', 'en')).toBe('550 Mailbox unavailable');
    expect(explainStoredError(null, 'a@b.example.com', 'en')).toBeNull();
  });
});

describeEachDb('mail log', (kind) => {
  const t = useTestApp(kind);
  let r: RegisteredTenant;
  let other: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let otherAdmin: TestClient;

  /** A mail straight into the outbox, `minutesAgo` old, in the given state. */
  async function addMail(
    tenant: RegisteredTenant,
    input: { to: string; number: number; status?: 'pending' | 'sent' | 'failed'; minutesAgo?: number; language?: 'en' | 'de'; lastError?: string; attempts?: number },
  ) {
    const createdAt = new Date(Date.now() - (input.minutesAgo ?? 0) * 60_000);
    const status = input.status ?? 'sent';
    const [row] = await t.db
      .insert(mailOutbox)
      .values({
        tenantId: tenant.tenantId,
        template: 'action',
        toAddress: input.to,
        language: input.language ?? 'en',
        payload: {
          site: tenant.name,
          name: 'Greta',
          subjectKey: 'orders.mail.placed_subject',
          subjectParams: { number: input.number },
          paragraphs: [{ key: 'orders.mail.placed_intro', params: { number: input.number } }],
        },
        status,
        attempts: input.attempts ?? (status === 'pending' ? 0 : 1),
        lastError: input.lastError ?? null,
        sentAt: status === 'sent' ? createdAt : null,
        createdAt,
        // Not due: only a resend may make the worker pick it up.
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    return row!;
  }
  const list = async (client: TestClient, query: Record<string, string | number> = {}) => {
    const res = await client.get(URL_, { query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TPage<TMailLogEntry>;
  };
  const stored = async (tenantId: string, id: string) =>
    (await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id))))[0]!;

  let failedId: string;
  let sentId: string;
  let otherFailedId: string;

  beforeAll(async () => {
    ({ r, other, admin, manager, staff, otherAdmin } = await t.registerTeam('maillog'));
    // Whatever registration queued is not what these tests are about.
    await t.db.delete(mailOutbox);
    sentId = (await addMail(r, { to: 'old@guest.example.com', number: 1001, status: 'sent', minutesAgo: 30 })).id;
    await addMail(r, { to: 'waiting@guest.example.com', number: 1002, status: 'pending', minutesAgo: 20, language: 'de' });
    failedId = (
      await addMail(r, { to: 'bounced@guest.example.com', number: 1003, status: 'failed', minutesAgo: 10, attempts: 8, lastError: 'Mailbox unavailable' })
    ).id;
    otherFailedId = (await addMail(other, { to: 'secret@other.example.com', number: 7777, status: 'failed', minutesAgo: 5, lastError: 'No such user' })).id;
  });

  it("lists only this restaurant's mails, newest first, with rendered subjects", async () => {
    const page = await list(admin);
    expect(page).toMatchObject({ total: 3, per_page: 20, current_page: 1, last_page: 1 });
    expect(page.data.map((m) => m.to)).toEqual(['bounced@guest.example.com', 'waiting@guest.example.com', 'old@guest.example.com']);
    expect(page.data[0]).toMatchObject({
      id: failedId,
      subject: `Your order #1003 at ${r.name}`,
      status: 'failed',
      attempts: 8,
      last_error: 'Mailbox unavailable',
      sent_at: null,
    });
    // The German mail keeps its German subject whatever the admin's language.
    expect(page.data[1]!.subject).toContain('1002');
    expect(page.data[1]!.subject).not.toContain('Your order');
    expect(page.data[2]).toMatchObject({ status: 'sent', sent_at: expect.any(String), last_error: null });
    expect(JSON.stringify(page)).not.toContain('secret@other.example.com');
    expect(JSON.stringify(page)).not.toContain('Greta'); // the body stays out of the log

    const theirs = await list(otherAdmin);
    expect(theirs.data.map((m) => m.id)).toEqual([otherFailedId]);
  });

  it('filters by status and pages', async () => {
    expect((await list(admin, { status: 'failed' })).data.map((m) => m.id)).toEqual([failedId]);
    expect((await list(admin, { status: 'sent' })).data.map((m) => m.id)).toEqual([sentId]);
    const second = await list(admin, { per_page: 2, page: 2 });
    expect(second).toMatchObject({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect(second.data.map((m) => m.id)).toEqual([sentId]);
    const bad = await admin.get(URL_, { query: { status: 'lost' } });
    expect(bad.statusCode).toBe(422);
  });

  it('resends a failed mail: pending with fresh tries, then the outbox delivers it', async () => {
    const res = await admin.post(resendUrl(failedId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.stringMatching(/queued again/), data: { id: failedId, status: 'pending', attempts: 0, last_error: null } });
    const row = await stored(r.tenantId, failedId);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const before = t.mailer.sent.length;
    await t.app.outbox.drain();
    const delivered = t.mailer.sent.slice(before);
    expect(delivered.map((m) => m.to)).toEqual(['bounced@guest.example.com']);
    expect(delivered[0]!.subject).toBe(`Your order #1003 at ${r.name}`);
    expect(await stored(r.tenantId, failedId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await list(admin, { status: 'sent' })).data.map((m) => m.id)).toContain(failedId);
  });

  it('refuses to resend a mail that has not failed (409, in words, in the admin language)', async () => {
    const res = await admin.post(resendUrl(sentId));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: expect.stringContaining('Only a failed e-mail') });
    const de = await admin.post(resendUrl(sentId), undefined, { headers: { 'accept-language': 'de' } });
    expect(de.statusCode).toBe(409);
    expect(de.json().message).toContain('fehlgeschlagen');
    expect(await stored(r.tenantId, sentId)).toMatchObject({ status: 'sent' });
  });

  it("answers 404 for another restaurant's mail and for an unknown id, and changes nothing", async () => {
    expect((await admin.post(resendUrl(otherFailedId))).statusCode).toBe(404);
    expect((await admin.post(resendUrl(unknownId()))).statusCode).toBe(404);
    expect((await admin.post(`${URL_}/not-a-uuid/resend`)).statusCode).toBe(422);
    expect(await stored(other.tenantId, otherFailedId)).toMatchObject({ status: 'failed', lastError: 'No such user' });
  });

  it('is for admins only: managers and staff get 403, guests 401', async () => {
    const fresh = await addMail(r, { to: 'again@guest.example.com', number: 1004, status: 'failed', lastError: 'Timeout' });
    for (const who of [manager, staff]) {
      expect((await who.get(URL_)).statusCode).toBe(403);
      expect((await who.post(resendUrl(fresh.id))).statusCode).toBe(403);
    }
    expect((await t.client(r.host).get(URL_)).statusCode).toBe(401);
    expect(await stored(r.tenantId, fresh.id)).toMatchObject({ status: 'failed' });
  });
});
