import { eq, sql } from 'drizzle-orm';
import { DEFAULT_APPEARANCE } from '@tavolo/contracts/looks';
import { AppError } from '@tavolo/contracts/errors';
import { translate } from '@tavolo/contracts/i18n';
import { describe, expect, it } from 'vitest';
import { mailOutbox, tenants } from '../../db/schema/index.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer, type Mailer, type MailMessage } from '../../lib/mailer.ts';
import { describeEachDb, useTestApp } from '../../test/harness.ts';
import { createOutboxRepo, enqueueMail } from './outbox.repo.ts';
import { backoffSeconds, createOutbox } from './outbox.service.ts';
import { explainStoredError } from '../mail-log/mail-log.service.ts';

const silentLog = { warn() {}, error() {}, info() {} } as never;

describeEachDb('mail outbox', (kind) => {
  const t = useTestApp(kind);

  const queue = async (tenantId: string, to: string, name = 'Ada <b>') =>
    enqueueMail(t.db, {
      tenantId,
      to,
      language: 'de',
      origin: 'http://x.localhost',
      mail: {
        site: 'Trattoria',
        name,
        subjectKey: 'mail.footer',
        paragraphs: [{ key: 'mail.greeting', params: { name: 'x' } }],
        rows: [{ labelKey: 'mail.footer', value: '2 × Pizza <script>' }],
        action: { labelKey: 'mail.reset_action', url: 'http://x.localhost/a?b=1&c=2' },
      },
    });

  it('sends a queued mail once, rendered in its language with every value escaped', async () => {
    const { tenantId } = await t.registerTenant({ domain: 'outbox-one' });
    await queue(tenantId, 'guest@example.com');
    expect(await t.app.outbox.drain()).toBe(1);
    expect(await t.app.outbox.drain()).toBe(0);
    const mail = t.mailer.sent.find((m) => m.to === 'guest@example.com')!;
    expect(mail.subject).toBe('Gesendet von Trattoria');
    expect(mail.html).toContain('Ada &lt;b&gt;');
    expect(mail.html).toContain('2 × Pizza &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    // Looks never saved: the default theme's colour, as on the storefront (not the platform's orange).
    expect(mail.html).toContain(`background:${DEFAULT_APPEARANCE.primary_color}`);
    expect(mail.html).not.toContain('#e8590c');
    expect(mail.html).toContain('href="http://x.localhost/a?b=1&amp;c=2"');
    expect(mail.text).toContain('2 × Pizza <script>');
    // From the restaurant by name, and a reply goes to its address (not the platform's no-reply).
    const [restaurant] = await t.db.select({ name: tenants.name, email: tenants.email }).from(tenants).where(eq(tenants.id, tenantId));
    expect(mail).toMatchObject({ fromName: restaurant!.name, replyTo: restaurant!.email });
    // The platform's own mails to the restaurant (its status, its trial) keep the platform's sender.
    await enqueueMail(t.db, { tenantId, to: 'owner@example.com', language: 'en', origin: 'http://x.localhost', mail: { fromPlatform: true, site: 'Tavolo', name: 'Owner', subjectKey: 'mail.footer', paragraphs: [] } });
    await t.app.outbox.drain();
    const platformMail = t.mailer.sent.find((m) => m.to === 'owner@example.com')!;
    expect(platformMail.fromName).toBeUndefined();
    expect(platformMail.replyTo).toBeUndefined();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'guest@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("a suspended restaurant's mails reach only its own team and the platform's word to it, never a guest", async () => {
    const { tenantId } = await t.registerTenant({ domain: 'outbox-suspended' });
    const [restaurant] = await t.db.update(tenants).set({ status: 'suspended' }).where(eq(tenants.id, tenantId)).returning({ email: tenants.email });
    await queue(tenantId, 'stranger@example.com');
    await queue(tenantId, restaurant!.email.toUpperCase());
    await enqueueMail(t.db, { tenantId, to: 'owner-status@example.com', language: 'en', origin: 'http://x.localhost', mail: { fromPlatform: true, site: 'Tavolo', name: 'Owner', subjectKey: 'mail.footer', paragraphs: [] } });
    await t.app.outbox.drain();

    const to = t.mailer.sent.map((m) => m.to);
    expect(to).toContain(restaurant!.email.toUpperCase());
    expect(to).toContain('owner-status@example.com');
    expect(to).not.toContain('stranger@example.com');
    // Given up at once (no retries), with the reason in the restaurant's mail log.
    const [withheld] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'stranger@example.com'));
    expect(withheld).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Not sent: the restaurant is suspended.' });
  });

  it("keeps what a refusal of its own names (the unknown host), so the mail log says it in words", async () => {
    const { tenantId } = await t.registerTenant({ domain: 'outbox-host' });
    await queue(tenantId, 'nowhere@example.com');
    const unknownHost: Mailer = {
      async send() {
        throw new AppError('VALIDATION', 'smtp.errors.host_not_found', undefined, { host: 'smtp.typo.example' });
      },
    };
    await createOutbox({ db: t.db, mailer: unknownHost, log: silentLog }).drain();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nowhere@example.com'));
    expect(row!.lastError).toBe('smtp.errors.host_not_found {"host":"smtp.typo.example"}');
    expect(explainStoredError(row!.lastError, row!.toAddress, 'en')).toBe(translate('en', 'smtp.errors.host_not_found', { host: 'smtp.typo.example' }));
    expect(explainStoredError(row!.lastError, row!.toAddress, 'de')).toContain('smtp.typo.example');
  });

  it('retries with backoff when sending fails, and gives up after the last attempt', async () => {
    const { tenantId } = await t.registerTenant({ domain: 'outbox-two' });
    await queue(tenantId, 'down@example.com');
    let calls = 0;
    const broken: Mailer = {
      async send() {
        calls++;
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    const outbox = createOutbox({ db: t.db, mailer: broken, log: silentLog, maxAttempts: 2 });
    await outbox.drain();
    let [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'down@example.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    // Not due again before its backoff.
    await outbox.drain();
    expect(calls).toBe(1);

    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, row!.id));
    await outbox.drain();
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(calls).toBe(2);
  });

  it('a mail whose sender died mid-send is due again once its lease ends', async () => {
    const { tenantId } = await t.registerTenant({ domain: 'outbox-three' });
    await queue(tenantId, 'lease@example.com');
    const hanging: Mailer = { send: () => Promise.reject(new Error('never')) };
    // Claim without finishing: simulate the crash by claiming through a pass whose mailer throws, then
    // rewinding only the lease (as if the process had died before recording anything).
    const outbox = createOutbox({ db: t.db, mailer: hanging, log: silentLog });
    await outbox.drain();
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()`, lastError: null }).where(eq(mailOutbox.toAddress, 'lease@example.com'));
    expect(await t.app.outbox.drain()).toBe(1);
    expect(t.mailer.sent.some((m) => m.to === 'lease@example.com')).toBe(true);
  });

  it('a restaurant with its own mailer sends through it', async () => {
    const { tenantId } = await t.registerTenant({ domain: 'outbox-four' });
    await queue(tenantId, 'own@example.com');
    const own: MailMessage[] = [];
    const outbox = createOutbox({
      db: t.db,
      mailer: { send: () => Promise.reject(new Error('platform mailer must not be used')) },
      mailerFor: async (id) => (id === tenantId ? { send: async (m) => void own.push(m) } : null),
      log: silentLog,
    });
    expect(await outbox.drain()).toBe(1);
    expect(own.map((m) => m.to)).toEqual(['own@example.com']);
  });

  it("a claim takes at most `limit` of one restaurant's due mails, oldest first, and no other restaurant's", async () => {
    const mine = await t.registerTenant({ domain: 'outbox-claim' });
    const other = await t.registerTenant({ domain: 'outbox-claim-other' });
    for (let i = 0; i < 12; i++) await queue(mine.tenantId, `claim-${i}@claim.example.com`);
    await queue(other.tenantId, 'other@claim.example.com');
    const repo = createOutboxRepo(t.db);
    expect(await repo.dueTenants(100)).toEqual(expect.arrayContaining([mine.tenantId, other.tenantId]));
    const claimed = await repo.claimDue(mine.tenantId, 5, 300);
    expect(claimed).toHaveLength(5);
    expect(claimed.every((row) => row.tenantId === mine.tenantId && row.attempts === 1)).toBe(true);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, mine.tenantId));
    expect(rows.filter((row) => row.attempts === 1).map((row) => row.id).sort()).toEqual(claimed.map((row) => row.id).sort());
    // The oldest five, oldest first (to the millisecond: mails queued within one millisecond may come in either order).
    expect(claimed.map((row) => row.toAddress).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `claim-${i}@claim.example.com`));
    const times = claimed.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const [untouched] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'other@claim.example.com'));
    expect(untouched).toMatchObject({ attempts: 0, status: 'pending' });
    await t.db.delete(mailOutbox).where(sql`${mailOutbox.tenantId} in (${mine.tenantId}, ${other.tenantId})`);
  });

  it('takes one batch per restaurant and round: a large backlog does not hold back a later mail of another restaurant', async () => {
    const busy = await t.registerTenant({ domain: 'outbox-busy' });
    const quiet = await t.registerTenant({ domain: 'outbox-quiet' });
    for (let i = 0; i < 45; i++) await queue(busy.tenantId, `busy-${i}@fair.example.com`);
    await queue(quiet.tenantId, 'quiet@fair.example.com');
    const order: string[] = [];
    const recording: Mailer = {
      async send(m) {
        if (m.to.endsWith('@fair.example.com')) order.push(m.to);
      },
    };
    await createOutbox({ db: t.db, mailer: recording, log: silentLog }).drain();
    expect(order).toHaveLength(46);
    // Mail goes out oldest first overall, but the busy restaurant's backlog is split into batches of 20: the
    // quiet restaurant's mail follows the first batch instead of waiting for all 45.
    expect(order.indexOf('quiet@fair.example.com')).toBe(20);
    expect(order.slice(0, 20).every((to) => to.startsWith('busy-'))).toBe(true);
    expect(new Set(order).size).toBe(46);
  });

  it('backoff doubles from 30 s and stops at an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20)).toBe(3600);
  });

  if (kind === 'postgres') {
    it('two senders draining at once never send a mail twice', async () => {
      const { tenantId } = await t.registerTenant({ domain: 'outbox-race' });
      for (let i = 0; i < 60; i++) await queue(tenantId, `race-${i}@example.com`);
      const seen: string[] = [];
      const slow: Mailer = {
        async send(m) {
          seen.push(m.to);
          await new Promise((r) => setTimeout(r, 2));
        },
      };
      const a = createOutbox({ db: t.db, mailer: slow, log: silentLog });
      const b = createOutbox({ db: t.db, mailer: slow, log: silentLog });
      const [na, nb] = await Promise.all([a.drain(), b.drain()]);
      expect(na + nb).toBe(60);
      expect(na).toBeGreaterThan(0);
      expect(nb).toBeGreaterThan(0);
      expect(new Set(seen).size).toBe(60);
      expect(seen).toHaveLength(60);
    });
  }
});

describe('platform mailer', () => {
  it("writes a restaurant's name over MAIL_FROM's address, and its Reply-To", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    const mailer = createMailer({ from: 'Tavolo <no-reply@tavolo.example>', dataDir, log: silentLog });
    await mailer.send({ to: 'guest@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', fromName: 'Café Müller & Söhne', replyTo: 'info@mueller.example' });
    await mailer.send({ to: 'owner@example.com', subject: 'Reset', html: '<p>x</p>', text: 'x' });
    const files = (await fs.readdir(path.join(dataDir, 'mail'))).sort();
    const [guest, owner] = await Promise.all(files.map((file) => fs.readFile(path.join(dataDir, 'mail', file), 'utf8')));
    // The header part, with folded lines unfolded.
    const headers = [guest!, owner!].map((eml) => eml.slice(0, eml.indexOf('\n\n')).replace(/\n[ \t]+/g, ' '));
    const mine = headers.find((h) => h.includes('guest@example.com'))!;
    const platform = headers.find((h) => h.includes('owner@example.com'))!;
    expect(mine).toMatch(/^From: =\?UTF-8\?Q\?Caf=C3=A9_M=C3=BCller_=26_S=C3=B6hne\?=\s+<no-reply@tavolo\.example>$/m);
    expect(mine).toMatch(/^Reply-To: info@mueller\.example$/m);
    expect(platform).toMatch(/^From: Tavolo <no-reply@tavolo\.example>$/m);
    expect(platform).not.toMatch(/^Reply-To:/m);
    await fs.rm(dataDir, { recursive: true });
  });
});

describe('outbox drain', () => {
  it('concurrent drain() calls share one pass', async () => {
    let passes = 0;
    // A pass starts by listing the restaurants with due mail: count those reads.
    const chain = {
      from: () => chain,
      where: () => chain,
      groupBy: () => chain,
      orderBy: () => chain,
      limit: async () => {
        passes++;
        await new Promise((r) => setTimeout(r, 5));
        return [];
      },
    };
    const db = { select: () => chain };
    const outbox = createOutbox({ db: db as never, mailer: { send: async () => undefined }, log: silentLog });
    await Promise.all([outbox.drain(), outbox.drain(), outbox.drain()]);
    expect(passes).toBe(1);
  });
});
