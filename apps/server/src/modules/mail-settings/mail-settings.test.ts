import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '@tavolo/contracts/errors';
import { translate } from '@tavolo/contracts/i18n';
import { ZMailSettings, type TMailSettingsInput, type TMailSettingsView } from '@tavolo/contracts/mail-settings';
import { tenantMailSettings } from '../../db/schema/index.ts';
import { lazySecretBox } from '../../lib/secrets.ts';
import { describeEachDb, useTestApp, type RegisteredTenant, type Response, type TestClient } from '../../test/harness.ts';
import { freePort, startSmtpServer } from '../../test/smtp.ts';
import { createMailSettingsService, explainSmtpError } from './mail-settings.service.ts';

const URL_ = '/api/tenant/admin/email-settings';
const TEST_URL = `${URL_}/test`;

const SMTP_USER = 'mailer@osteria.example.com';
const SMTP_PASSWORD = 'S3cret smtp pässword!';
const NEW_PASSWORD = 'Another-Secret-42';

/** A real SMTP server with one account that refuses senders at blocked.example.com; offers STARTTLS (self-signed). */
const startSmtp = () =>
  startSmtpServer({
    authOptional: true,
    disabledCommands: [],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onMailFrom(address, _session, callback) {
      if (address.address.endsWith('@blocked.example.com')) return callback(Object.assign(new Error('Sender address rejected: not owned by user'), { responseCode: 553 }));
      return callback();
    },
  });

describe('explainSmtpError', () => {
  const ctx = { host: 'smtp.example.com', port: 587, from: 'a@example.com', to: 'b@example.com' };
  it.each([
    [{ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }, 'connection_refused'],
    [{ code: 'EDNS', message: 'getaddrinfo ENOTFOUND smtp.nowhere.invalid' }, 'host_not_found'],
    [{ code: 'ETIMEDOUT', message: 'Connection timeout' }, 'timeout'],
    [{ code: 'EAUTH', message: 'Invalid login: 535 Authentication failed', responseCode: 535 }, 'auth_failed'],
    [{ code: 'ESOCKET', message: 'C0:error:0A00010B:SSL routines:ssl3_get_record:wrong version number' }, 'tls_mismatch'],
    [{ code: 'ETLS', message: 'Error initiating TLS - socket hang up' }, 'tls_mismatch'],
    [{ code: 'ESOCKET', message: 'self-signed certificate' }, 'certificate'],
    [{ code: 'EENVELOPE', command: 'MAIL FROM', message: 'Mail command failed: 553 rejected', responseCode: 553 }, 'sender_rejected'],
    [{ code: 'EENVELOPE', command: 'RCPT TO', message: 'Recipient command failed: 550 no such user', responseCode: 550 }, 'recipient_rejected'],
    [{ code: 'EMESSAGE', message: 'Message failed: 552 mailbox full', response: '552 mailbox full' }, 'generic'],
  ])('%o -> %s', (error, expected) => {
    const { key, params } = explainSmtpError(Object.assign(new Error(error.message), error), ctx);
    expect(key).toBe(`smtp.errors.${expected}`);
    if (expected === 'generic') expect(params.response).toBe('552 mailbox full');
  });
});

describeEachDb('e-mail settings', (kind) => {
  const t = useTestApp(kind);
  let r: RegisteredTenant;
  let other: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let otherAdmin: TestClient;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** Every answer of this suite: none may contain a password. */
  const bodies: string[] = [];
  const remember = (res: Response) => {
    bodies.push(res.body);
    return res;
  };

  beforeAll(async () => {
    ({ r, other, admin, manager, staff, otherAdmin } = await t.registerTeam('mailset'));
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const settings = (overrides: Partial<TMailSettingsInput> = {}): TMailSettingsInput => ({
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    username: SMTP_USER,
    password: SMTP_PASSWORD,
    from_name: 'Osteria Nuova',
    from_email: 'Hello@Osteria.example.com',
    ...overrides,
  });
  const get = async (c: TestClient = admin) => {
    const res = remember(await c.get(URL_));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TMailSettingsView | null;
  };
  const put = async (body: unknown, c: TestClient = admin, headers?: Record<string, string>) => remember(await c.put(URL_, body, { headers }));
  /** The test endpoint is rate-limited per address: each call comes from a fresh client (own IP). */
  const sendTest = async (body: unknown, headers?: Record<string, string>) => remember(await t.client(r.host, { token: admin.token }).post(TEST_URL, body, { headers }));
  const storedRow = async () => (await t.db.select().from(tenantMailSettings).where(eq(tenantMailSettings.tenantId, r.tenantId)))[0];

  it('answers null while the restaurant sends through the platform', async () => {
    expect(await get()).toBeNull();
    expect(await get(otherAdmin)).toBeNull();
  });

  it('validates every field with messages in the caller language', async () => {
    const cases: [Partial<TMailSettingsInput> | Record<string, unknown>, string, string][] = [
      [{ host: '' }, 'host', 'This field is required.'],
      [{ host: 'smtp://mail.example.com' }, 'host', 'Enter the server name or IP address only, e.g. smtp.example.com (no smtp:// and no port).'],
      [{ host: 'mail.example.com:587' }, 'host', 'Enter the server name or IP address only, e.g. smtp.example.com (no smtp:// and no port).'],
      [{ host: 'mail example.com' }, 'host', 'Enter the server name or IP address only, e.g. smtp.example.com (no smtp:// and no port).'],
      [{ host: '999.1.1.1' }, 'host', 'Enter the server name or IP address only, e.g. smtp.example.com (no smtp:// and no port).'],
      [{ port: 0 }, 'port', 'Must be at least 1.'],
      [{ port: 65536 }, 'port', 'Must be at most 65535.'],
      [{ port: 25.5 }, 'port', 'Enter a whole number.'],
      [{ port: '587' }, 'port', 'This value has the wrong type.'],
      [{ security: 'ssl' }, 'security', 'Choose one of the offered options.'],
      [{ username: 'x'.repeat(255) }, 'username', 'Must be at most 254 characters.'],
      [{ username: '' }, 'username', 'Enter the user name that goes with the password.'],
      [{ password: 'new', clear_password: true }, 'password', 'Either enter a new password or remove the saved one, not both.'],
      [{ from_name: '  ' }, 'from_name', 'This field is required.'],
      [{ from_email: 'not-an-address' }, 'from_email', 'Enter a valid e-mail address.'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await put(settings(overrides as Partial<TMailSettingsInput>));
      expect(res.statusCode, `${JSON.stringify(overrides)}: ${res.body}`).toBe(422);
      expect(res.json().errors[field], JSON.stringify(overrides)).toEqual([message]);
    }
    const de = await put(settings({ host: 'https://mail.example.com' }), admin, { 'accept-language': 'de' });
    expect(de.json().errors.host).toEqual(['Geben Sie nur den Servernamen oder die IP-Adresse ein, z. B. smtp.example.com (ohne smtp:// und ohne Port).']);
    expect(await storedRow()).toBeUndefined();
  });

  it('accepts host names, IPv4 and IPv6 addresses', async () => {
    for (const host of ['Mail.Example.COM', 'localhost', '10.0.0.25', '::1', 'smtp-relay.eu-west-1.example.net']) {
      const res = await put(settings({ host }));
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
      expect(res.json().data.host).toBe(host.toLowerCase());
    }
  });

  it('stores the password encrypted and never answers with it', async () => {
    const res = await put(settings());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Changes saved successfully');
    const data = res.json().data as TMailSettingsView;
    expect(data).toEqual({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: SMTP_USER,
      has_password: true,
      from_name: 'Osteria Nuova',
      from_email: 'hello@osteria.example.com',
      updated_at: expect.any(String),
    });
    expect(data).not.toHaveProperty('password');
    expect(await get()).toEqual(data);

    const row = await storedRow();
    expect(row?.passwordEncrypted).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(row?.passwordEncrypted).not.toContain(SMTP_PASSWORD);
    // The app's key is DATA_DIR/secret.key: a service over the same directory reads the password back.
    const service = createMailSettingsService({ db: t.db, secrets: lazySecretBox({ dataDir: t.dataDir }), allowPrivateAddresses: true });
    const transport = await service.smtpTransportOptions(r.tenantId);
    expect(transport?.options.auth).toEqual({ user: SMTP_USER, pass: SMTP_PASSWORD });
    expect(transport?.from).toEqual({ name: 'Osteria Nuova', address: 'hello@osteria.example.com' });
    expect(await service.smtpTransportOptions(other.tenantId)).toBeNull();
  });

  it('keeps the password when none is sent, replaces it when a new one is sent, removes it on clear_password', async () => {
    const before = (await storedRow())!.passwordEncrypted;

    for (const keep of [{ password: '' }, { password: null }, { password: undefined }]) {
      const res = await put(settings({ ...keep, from_name: 'Kept' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ has_password: true, from_name: 'Kept' });
      expect((await storedRow())!.passwordEncrypted).toBe(before);
    }

    const replaced = await put(settings({ password: NEW_PASSWORD }));
    expect(replaced.json().data.has_password).toBe(true);
    const after = (await storedRow())!.passwordEncrypted;
    expect(after).not.toBe(before);
    const service = createMailSettingsService({ db: t.db, secrets: lazySecretBox({ dataDir: t.dataDir }), allowPrivateAddresses: true });
    expect((await service.smtpTransportOptions(r.tenantId))?.options.auth).toEqual({ user: SMTP_USER, pass: NEW_PASSWORD });

    const cleared = await put(settings({ password: '', clear_password: true }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.has_password).toBe(false);
    expect((await storedRow())!.passwordEncrypted).toBeNull();
    expect((await service.smtpTransportOptions(r.tenantId))?.options.auth).toBeUndefined();

    // Back to the working password for the delivery tests.
    expect((await put(settings())).statusCode).toBe(200);
  });

  it('is for admins only: managers and staff get 403, no session 401, and nothing changes', async () => {
    const before = await storedRow();
    for (const c of [manager, staff]) {
      expect(remember(await c.get(URL_)).statusCode).toBe(403);
      expect(remember(await c.put(URL_, settings({ host: 'evil.example.com' }))).statusCode).toBe(403);
      expect(remember(await c.delete(URL_)).statusCode).toBe(403);
      expect(remember(await t.client(r.host, { token: c.token }).post(TEST_URL, { to: 'x@example.com' })).statusCode).toBe(403);
    }
    const anonymous = t.client(r.host);
    expect((await anonymous.get(URL_)).statusCode).toBe(401);
    expect((await anonymous.put(URL_, settings())).statusCode).toBe(401);
    expect(await storedRow()).toEqual(before);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends a test e-mail through the saved settings', async () => {
    const res = await sendTest({ to: 'Owner@Osteria.example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('A test e-mail has been sent to owner@osteria.example.com. Check that inbox (and its spam folder).');
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.from).toBe('hello@osteria.example.com');
    expect(mail.to).toEqual(['owner@osteria.example.com']);
    expect(mail.raw).toMatch(/^From: Osteria Nuova <hello@osteria\.example\.com>$/m);
    expect(mail.raw).toMatch(/^To: owner@osteria\.example\.com$/m);
    expect(mail.raw).toContain(`Subject: Test e-mail from ${r.name}`);
    expect(mail.raw).toContain(`This is a test e-mail from ${r.name}.`);
  });

  it('sends through typed, unsaved settings; an empty password borrows the stored one for the same server only', async () => {
    const count = smtp.received.length;
    const res = await sendTest({ to: 'typed@example.com', settings: settings({ password: '', from_name: 'Typed Sender' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(smtp.received).toHaveLength(count + 1);
    expect(smtp.received.at(-1)!.raw).toMatch(/^From: Typed Sender <hello@osteria\.example\.com>$/m);
    // Unsaved: the stored settings did not change.
    expect((await get())?.from_name).toBe('Osteria Nuova');

    const elsewhere = await sendTest({ to: 'typed@example.com', settings: settings({ host: 'localhost', password: '' }) });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.password).toEqual(['Enter the password again to test a different server or user name with it.']);
    expect(smtp.received).toHaveLength(count + 1);
  });

  it('explains a wrong password in words (English and German)', async () => {
    const res = await sendTest({ to: 'x@example.com', settings: settings({ password: 'wrong-password' }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('The mail server rejected the user name or password.');
    const de = await sendTest({ to: 'x@example.com', settings: settings({ password: 'wrong-password' }) }, { 'accept-language': 'de' });
    expect(de.json().message).toBe('Der Mailserver hat Benutzername oder Passwort abgelehnt.');
  });

  it('explains a refused connection, a TLS mismatch, an untrusted certificate and a refused sender', async () => {
    const port = await freePort();
    const refused = await sendTest({ to: 'x@example.com', settings: settings({ port }) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      `The server 127.0.0.1 refused the connection on port ${port}. Check the host name and port, and whether the mail server accepts connections from this server.`,
    );

    // Implicit TLS against a plain server.
    const tls = await sendTest({ to: 'x@example.com', settings: settings({ security: 'tls' }) });
    expect(tls.json().message).toBe('The secure connection failed. Check the security setting: port 465 usually uses TLS, port 587 STARTTLS.');

    // smtp-server offers STARTTLS with its built-in self-signed certificate.
    const cert = await sendTest({ to: 'x@example.com', settings: settings({ security: 'starttls' }) });
    expect(cert.json().message).toBe("The mail server's certificate is not trusted (self-signed, expired or made out to another name).");

    const sender = await sendTest({ to: 'x@example.com', settings: settings({ from_email: 'me@blocked.example.com' }) });
    expect(sender.json().message).toBe('The mail server refused the sender address me@blocked.example.com. Use an address this account may send from.');
  });

  it('rate-limits test e-mails per address', async () => {
    const c = t.client(r.host, { token: admin.token });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(remember(await c.post(TEST_URL, { to: 'not-an-address' })).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('DELETE goes back to the platform mail, and a test without settings says so', async () => {
    const other = await get(otherAdmin);
    const res = remember(await admin.delete(URL_));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Item deleted successfully');
    expect(await get()).toBeNull();
    expect(await storedRow()).toBeUndefined();
    expect(await get(otherAdmin)).toEqual(other);

    const none = await sendTest({ to: 'x@example.com' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('There are no e-mail settings yet. Fill in the form to test them.');
  });

  it('no answer of this suite contained a password', () => {
    expect(bodies.length).toBeGreaterThan(40);
    for (const body of bodies) {
      for (const secret of [SMTP_PASSWORD, NEW_PASSWORD, 'wrong-password']) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/"password(_encrypted)?"\s*:\s*"[^"]/);
    }
  });

  it('sends with nodemailer from the options the outbox will use', async () => {
    await put(settings());
    const service = createMailSettingsService({ db: t.db, secrets: lazySecretBox({ dataDir: t.dataDir }), allowPrivateAddresses: true });
    const transport = (await service.smtpTransportOptions(r.tenantId))!;
    const count = smtp.received.length;
    await nodemailer.createTransport(transport.options).sendMail({ from: transport.from, to: 'guest@example.com', subject: 'Order placed', text: 'Thanks' });
    expect(smtp.received).toHaveLength(count + 1);
    expect(smtp.received.at(-1)!.user).toBe(SMTP_USER);
  });

  it('without SMTP_ALLOW_PRIVATE_ADDRESSES, refuses servers inside the network (no probing of it) and dials the checked address', async () => {
    const lookup = async (host: string) => [{ address: { 'smtp.public.example': '93.184.216.34', localhost: '127.0.0.1' }[host] ?? '10.1.2.3', family: 4 }];
    const service = createMailSettingsService({ db: t.db, secrets: lazySecretBox({ dataDir: t.dataDir }), lookup });
    const refusal = async (run: () => Promise<unknown>) => {
      const error = (await run().then(() => null, (e: unknown) => e)) as AppError | null;
      return error && { code: error.code, message: error.message, params: error.params };
    };

    // Saved settings on 127.0.0.1: the outbox gets no transport, so nothing connects.
    await put(settings());
    expect(await refusal(() => service.smtpTransportOptions(r.tenantId))).toEqual({ code: 'VALIDATION', message: 'smtp.errors.private_address', params: { host: '127.0.0.1' } });
    const count = smtp.received.length;
    for (const host of ['127.0.0.1', 'localhost', 'relay.internal.example', '::1']) {
      expect(await refusal(() => service.sendTest(r.tenantId, { to: 'x@example.com', settings: ZMailSettings.parse(settings({ host })) }, { lang: 'en', siteName: 'Osteria' }))).toMatchObject({
        message: 'smtp.errors.private_address',
      });
    }
    expect(smtp.received).toHaveLength(count);
    expect(translate('de', 'smtp.errors.private_address')).toContain('Dieser Mailserver liegt im internen Netz der Plattform.');
    // Nor can such a server be saved (it was, and every guest's mail then waited on it); the saved settings stay.
    for (const host of ['127.0.0.1', 'localhost', 'relay.internal.example']) {
      expect(await refusal(() => service.save(r.tenantId, ZMailSettings.parse(settings({ host }))))).toEqual({ code: 'VALIDATION', message: 'smtp.errors.private_address', params: { host } });
    }
    expect((await service.get(r.tenantId))?.host).toBe('127.0.0.1');
    const unknown = createMailSettingsService({ db: t.db, secrets: lazySecretBox({ dataDir: t.dataDir }), lookup: async () => [] });
    expect((await unknown.save(r.tenantId, ZMailSettings.parse(settings({ host: 'smtp.not-yet.example' })))).host).toBe('smtp.not-yet.example');

    // A public name: connect to the address that was checked, with the name kept for TLS.
    await put(settings({ host: 'smtp.public.example' }));
    expect((await service.smtpTransportOptions(r.tenantId))?.options).toMatchObject({ host: '93.184.216.34', servername: 'smtp.public.example' });
  });
});
