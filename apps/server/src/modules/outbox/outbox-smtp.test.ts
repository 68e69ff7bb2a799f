import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { mailOutbox, tenantAppearance, tenantSettings } from '../../db/schema/index.ts';
import { describeEachDb, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { enqueueMail } from './outbox.repo.ts';

const startSmtp = (port = 0) => startSmtpServer({ port });
type Smtp = TestSmtpServer;

/** One header of a raw message (unfolded). */
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ');

/** The decoded body of the first part of `type` (quoted-printable or base64, as nodemailer chose). */
function part(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, 'im'));
  expect(start, `no ${type} part`).toBeGreaterThanOrEqual(0);
  const rest = raw.slice(start);
  const gap = /\r?\n\r?\n/.exec(rest)!;
  const headers = rest.slice(0, gap.index);
  let body = rest.slice(gap.index + gap[0].length);
  body = body.slice(0, body.search(/\r?\n--/));
  if (/quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

describeEachDb('mail outbox over real SMTP', (kind) => {
  const t = useTestApp(kind);
  const servers: Smtp[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const smtp = async (port?: number) => {
    const server = await startSmtp(port);
    servers.push(server);
    return server;
  };

  const restaurant = async (domain: string) => {
    const r = await t.registerTenant({ domain, status: 'active' });
    const admin = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
    return { r, admin };
  };
  const useSmtp = async (admin: TestClient, port: number) => {
    const res = await admin.put('/api/tenant/admin/email-settings', {
      host: '127.0.0.1',
      port,
      security: 'none',
      username: null,
      password: null,
      from_name: 'Osteria Nuova',
      from_email: 'hello@osteria.example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const queue = (r: RegisteredTenant, to: string) =>
    enqueueMail(t.db, {
      tenantId: r.tenantId,
      to,
      language: 'en',
      origin: `http://${r.host}`,
      mail: { site: r.name, name: 'Greta', subjectKey: 'mail.footer', paragraphs: [{ key: 'mail.reset_intro' }] },
    });
  const rowOf = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]!;
  const makeDue = (to: string) => t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.toAddress, to));

  it("a restaurant's mail goes out through its own SMTP server, from its sender, with its name, logo and colour", async () => {
    const server = await smtp();
    const { r, admin } = await restaurant('smtp-own');
    await useSmtp(admin, server.port);
    await t.db.update(tenantSettings).set({ logo: `/uploads/t/${r.tenantId}/logo-480.webp` }).where(eq(tenantSettings.tenantId, r.tenantId));
    await t.db
      .insert(tenantAppearance)
      .values({ tenantId: r.tenantId, theme: 'classic', primaryColor: '#1d4ed8', accentColor: '#f59e0b', menuLayout: 'grid', headerStyle: 'classic' })
      .onConflictDoUpdate({ target: tenantAppearance.tenantId, set: { primaryColor: '#1d4ed8' } });

    // A real event: the owner forgot their password; the reset mail is queued with the token.
    expect((await t.client(r.host).post('/api/forgot-password', { email: r.email })).statusCode).toBe(200);
    expect(server.received).toHaveLength(0);
    expect(await t.app.outbox.drain()).toBeGreaterThanOrEqual(1);

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe('hello@osteria.example.com');
    expect(mail!.to).toEqual([r.email.toLowerCase()]);
    expect(header(mail!.raw, 'From')).toMatch(/Osteria Nuova.*<hello@osteria\.example\.com>/);
    expect(header(mail!.raw, 'Subject')).toBe(`Reset your password for ${r.name}`);
    const html = part(mail!.raw, 'text/html');
    expect(html).toContain(`>${r.name}</span>`);
    expect(html).toContain(`<img src="http://${r.host}/uploads/t/${r.tenantId}/logo-480.webp"`);
    expect(html).toContain('background:#1d4ed8');
    expect(html).toContain(`http://${r.host}/reset-password?token=`);
    expect(part(mail!.raw, 'text/plain')).toContain(`http://${r.host}/reset-password?token=`);
    expect(t.mailer.sent.some((m) => m.to === r.email)).toBe(false);
    expect(await rowOf(r.email)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    // New settings take effect on the next pass; without settings, the platform mailer takes over.
    const second = await smtp();
    await useSmtp(admin, second.port);
    await queue(r, 'moved@example.com');
    expect(await t.app.outbox.drain()).toBe(1);
    expect(second.received.map((m) => m.to)).toEqual([['moved@example.com']]);
    expect(server.received).toHaveLength(1);

    expect((await admin.delete('/api/tenant/admin/email-settings')).statusCode).toBe(200);
    await queue(r, 'platform@example.com');
    expect(await t.app.outbox.drain()).toBe(1);
    expect(t.mailer.sent.map((m) => m.to)).toContain('platform@example.com');
    expect(second.received).toHaveLength(1);
  });

  it('while the SMTP server is down nothing is lost; once it is back the mail arrives exactly once', async () => {
    const port = await freePort();
    const { r, admin } = await restaurant('smtp-down');
    await useSmtp(admin, port);
    await queue(r, 'patient@example.com');

    expect(await t.app.outbox.drain()).toBe(0);
    const pending = await rowOf('patient@example.com');
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.lastError).toMatch(/ECONNREFUSED/);
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: a second pass does not try again.
    expect(await t.app.outbox.drain()).toBe(0);
    expect((await rowOf('patient@example.com')).attempts).toBe(1);

    const server = await smtp(port);
    await makeDue('patient@example.com');
    expect(await t.app.outbox.drain()).toBe(1);
    expect(await t.app.outbox.drain()).toBe(0);
    expect(server.received.filter((m) => m.to.includes('patient@example.com'))).toHaveLength(1);
    expect(await rowOf('patient@example.com')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(t.mailer.sent.some((m) => m.to === 'patient@example.com')).toBe(false);
  });

  it('a mail that cannot be sent after the last attempt is marked failed, with the reason', async () => {
    const { r, admin } = await restaurant('smtp-gone');
    await useSmtp(admin, await freePort());
    await queue(r, 'unlucky@example.com');
    for (let attempt = 1; attempt <= 8; attempt++) {
      await makeDue('unlucky@example.com');
      await t.app.outbox.drain();
      expect((await rowOf('unlucky@example.com')).status).toBe(attempt < 8 ? 'pending' : 'failed');
    }
    const row = await rowOf('unlucky@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    // Failed is final: it is not picked up again.
    await makeDue('unlucky@example.com');
    await t.app.outbox.drain();
    expect((await rowOf('unlucky@example.com')).attempts).toBe(8);
    expect(t.mailer.sent.some((m) => m.to === 'unlucky@example.com')).toBe(false);
  });
});
