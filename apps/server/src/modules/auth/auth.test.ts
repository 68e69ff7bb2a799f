import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@tavolo/contracts/permissions';
import { translate } from '@tavolo/contracts/i18n';
import { authCodes, mailOutbox, sessions, tenants, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { DEMO_HOST, DEMO_LOGINS, GOOD_PASSWORD, MAIN_HOST, describeEachDb, useTestApp, type RegisteredTenant } from '../../test/harness.ts';
import { RESET_MAILS_PER_HOUR } from './auth.service.ts';

const { platform, admin, manager, staff } = DEMO_LOGINS;
const HOUR = 3_600_000;

describeEachDb('auth', (kind) => {
  const t = useTestApp(kind, { seed: true });
  let other: RegisteredTenant;
  let demoId: string;

  beforeAll(async () => {
    other = await t.registerTenant({ domain: 'other-place', status: 'active' });
    const [row] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'));
    demoId = row!.id;
  });

  const me = (host: string, token: string) => t.client(host, { token }).get('/api/me');

  describe('sign-in', () => {
    it('a platform operator on the main domain gets a session token', async () => {
      const res = await t.client(MAIN_HOST).post('/api/login', platform);
      expect(res.statusCode).toBe(200);
      const { data, success, message } = res.json();
      expect(success).toBe(true);
      expect(message).toBe(translate('en', 'messages.logged_in'));
      expect(data).toMatchObject({ kind: 'session', token: expect.stringMatching(/^[\w-]{43}$/), user: { email: platform.email, role_name: 'super_user' } });
      const who = await me(MAIN_HOST, data.token);
      expect(who.statusCode).toBe(200);
      expect(who.json().data.email).toBe(platform.email);
    });

    it('the token is stored only as its hash', async () => {
      const token = await t.loginAs(DEMO_HOST, admin.email, admin.password);
      const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      expect(rows).toHaveLength(1);
      const raw = await t.db.select().from(sessions).where(eq(sessions.tokenHash, token));
      expect(raw).toHaveLength(0);
    });

    it.each([
      ['admin', admin],
      ['manager', manager],
      ['staff', staff],
    ] as const)('a restaurant %s on demo.localhost gets a token with the role permissions', async (role, login) => {
      const res = await t.client(DEMO_HOST).post('/api/login', { ...login, email: login.email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.kind).toBe('session');
      expect(data.user.role_name).toBe(role);
      expect([...data.user.permissions].sort()).toEqual([...DEFAULT_ROLES[role]].sort());
    });

    it('a wrong password is 422 INVALID_CREDENTIALS on the email field; so is an unknown e-mail, with the same body', async () => {
      const wrong = await t.client(DEMO_HOST).post('/api/login', { email: staff.email, password: 'wrong-password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS', errors: { email: [translate('en', 'errors.invalid_credentials')] } });
      const unknown = await t.client(DEMO_HOST).post('/api/login', { email: 'nobody@example.com', password: 'wrong-password' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('a platform account does not sign in on a restaurant host, nor a restaurant account of another restaurant', async () => {
      const res = await t.client(DEMO_HOST).post('/api/login', platform);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      const cross = await t.client(other.host).post('/api/login', admin);
      expect(cross.json().code).toBe('INVALID_CREDENTIALS');
    });

    it('a deactivated account is refused even with the right password', async () => {
      const user = await t.addUser({ tenantId: demoId, role: 'staff', email: 'inactive@demo.example.com' });
      await t.db.update(users).set({ isActive: false }).where(and(eq(users.tenantId, demoId), eq(users.id, user.id)));
      const res = await t.client(DEMO_HOST).post('/api/login', { email: user.email, password: user.password });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });

    it('remember=true gives a longer expiry than remember=false', async () => {
      const short = (await t.client(DEMO_HOST).post('/api/login', { ...staff, remember: false })).json().data;
      const long = (await t.client(DEMO_HOST).post('/api/login', { ...staff, remember: true })).json().data;
      const now = Date.now();
      const shortMs = Date.parse(short.expires_at) - now;
      const longMs = Date.parse(long.expires_at) - now;
      expect(shortMs).toBeGreaterThan(t.config.SESSION_HOURS * HOUR - 60_000);
      expect(shortMs).toBeLessThanOrEqual(t.config.SESSION_HOURS * HOUR);
      expect(longMs).toBeGreaterThan(t.config.REMEMBER_DAYS * 24 * HOUR - 60_000);
      expect(longMs).toBeGreaterThan(shortMs * 10);
      const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.tokenHash, hashToken(long.token)));
      expect(row!.expiresAt.toISOString()).toBe(long.expires_at);
    });
  });

  describe('hand-off from the main domain', () => {
    const handoffUrl = async (host = 'localhost:3000') => {
      const res = await t.client(host).post('/api/login', admin);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.kind).toBe('handoff');
      expect(data.token).toBeUndefined();
      expect(data.restaurants).toHaveLength(1);
      expect(data.restaurants[0].name).toBe('Trattoria Demo');
      return data.restaurants[0].url as string;
    };
    const codeOf = (url: string) => new URL(url).hash.replace(/^#code=/, '');

    it('an owner signing in on the main domain gets a link to their restaurant, with the code in the fragment', async () => {
      const url = await handoffUrl();
      expect(url).toMatch(/^http:\/\/demo\.localhost:3000\/auth\/handoff#code=[\w-]{43}$/);
    });

    it('the code is redeemed exactly once, on the restaurant host', async () => {
      const code = codeOf(await handoffUrl());
      const first = await t.client(DEMO_HOST).post('/api/auth/handoff', { code });
      expect(first.statusCode).toBe(200);
      const { data } = first.json();
      expect(data.kind).toBe('session');
      expect(data.user.email).toBe(admin.email);
      expect((await me(DEMO_HOST, data.token)).statusCode).toBe(200);

      const second = await t.client(DEMO_HOST).post('/api/auth/handoff', { code });
      expect(second.statusCode).toBe(401);
      expect(second.json().code).toBe('UNAUTHENTICATED');
    });

    it("the code does not work on another restaurant's host or on the main domain (and is not used up there)", async () => {
      const code = codeOf(await handoffUrl());
      const elsewhere = await t.client(other.host).post('/api/auth/handoff', { code });
      expect(elsewhere.statusCode).toBe(401);
      const main = await t.client(MAIN_HOST).post('/api/auth/handoff', { code });
      expect(main.statusCode).toBe(404);
      const home = await t.client(DEMO_HOST).post('/api/auth/handoff', { code });
      expect(home.statusCode).toBe(200);
    });

    it('an expired code is refused', async () => {
      const code = codeOf(await handoffUrl());
      await t.db.update(authCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authCodes.tokenHash, hashToken(code)));
      expect((await t.client(DEMO_HOST).post('/api/auth/handoff', { code })).statusCode).toBe(401);
    });

    it('a made-up code is refused', async () => {
      expect((await t.client(DEMO_HOST).post('/api/auth/handoff', { code: 'x'.repeat(43) })).statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    it('an expired token is 401', async () => {
      const token = await t.loginAs(DEMO_HOST, staff.email, staff.password);
      expect((await me(DEMO_HOST, token)).statusCode).toBe(200);
      await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)));
      const res = await me(DEMO_HOST, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    });

    it.each(['/api/logout', '/api/tenant/logout'])('%s revokes the token', async (url) => {
      const token = await t.loginAs(DEMO_HOST, staff.email, staff.password);
      const keep = await t.loginAs(DEMO_HOST, staff.email, staff.password);
      const res = await t.client(DEMO_HOST, { token }).post(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: translate('en', 'messages.logged_out') });
      expect((await me(DEMO_HOST, token)).statusCode).toBe(401);
      expect((await t.client(DEMO_HOST, { token }).post(url)).statusCode).toBe(401);
      // Only that session: the user's other session lives on.
      expect((await me(DEMO_HOST, keep)).statusCode).toBe(200);
    });

    it('platform logout revokes the platform token', async () => {
      const token = await t.loginAs(MAIN_HOST, platform.email, platform.password);
      expect((await t.client(MAIN_HOST, { token }).post('/api/logout')).statusCode).toBe(200);
      expect((await me(MAIN_HOST, token)).statusCode).toBe(401);
    });

    it('a deactivated user loses their live sessions', async () => {
      const user = await t.addUser({ tenantId: demoId, role: 'staff', email: 'leaver@demo.example.com' });
      const token = await t.loginAs(DEMO_HOST, user.email, user.password);
      expect((await me(DEMO_HOST, token)).statusCode).toBe(200);
      await t.db.update(users).set({ isActive: false }).where(and(eq(users.tenantId, demoId), eq(users.id, user.id)));
      expect((await me(DEMO_HOST, token)).statusCode).toBe(401);
    });

    it.each(['', 'Bearer', 'Bearer ', 'Basic abc', `Bearer ${'x'.repeat(500)}`, 'Bearer not-a-token'])('Authorization %j is 401', async (authorization) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: DEMO_HOST, authorization } });
      expect(res.statusCode).toBe(401);
    });

    it('GET /api/tenant/auth-check returns the user and role_name', async () => {
      const token = await t.loginAs(DEMO_HOST, manager.email, manager.password);
      const res = await t.client(DEMO_HOST, { token }).get('/api/tenant/auth-check');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.role_name).toBe('manager');
      expect(body.user).toMatchObject({ email: manager.email, name: 'Maria Manager', role_name: 'manager' });
      expect(body.user.password_hash).toBeUndefined();
      expect(body.user.passwordHash).toBeUndefined();
      expect(body.data).toEqual({ user: body.user, role_name: 'manager' });
      expect((await t.client(DEMO_HOST).get('/api/tenant/auth-check')).statusCode).toBe(401);
    });
  });

  describe('forgot and reset password', () => {
    const resetLinkFor = async (host: string, email: string, headers: Record<string, string> = {}) => {
      const before = t.mailer.sent.length;
      const res = await t.client(host).post('/api/forgot-password', { email }, { headers });
      expect(res.statusCode).toBe(200);
      // Restaurant accounts' mails go through the outbox; a platform operator's is sent at once.
      await t.app.outbox.drain();
      const mails = t.mailer.sent.slice(before);
      return { res, mails };
    };
    const tokenOf = (text: string) => /reset-password\?token=([\w%-]+)/.exec(text)?.[1];

    it('sends a mail with a reset link on the host; the same answer, and no mail, for an unknown address', async () => {
      const known = await resetLinkFor(DEMO_HOST, staff.email);
      expect(known.mails).toHaveLength(1);
      const [mail] = known.mails;
      expect(mail!.to).toBe(staff.email);
      expect(mail!.subject).toBe(translate('en', 'mail.reset_subject', { site: 'Trattoria Demo' }));
      expect(mail!.text).toMatch(/http:\/\/demo\.localhost\/reset-password\?token=[\w-]{43}/);
      expect(mail!.html).toContain('http://demo.localhost/reset-password?token=');

      const unknown = await resetLinkFor(DEMO_HOST, 'nobody@demo.example.com');
      expect(unknown.mails).toHaveLength(0);
      expect(unknown.res.json()).toEqual(known.res.json());
      // An account of another restaurant is unknown here.
      expect((await resetLinkFor(other.host, staff.email)).mails).toHaveLength(0);
    });

    it(`sends one account at most ${RESET_MAILS_PER_HOUR} reset mails an hour, answering further requests the same`, async () => {
      const user = await t.addUser({ tenantId: demoId, role: 'staff', email: 'flooded@demo.example.com' });
      const answers = [];
      for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) {
        const { res, mails } = await resetLinkFor(DEMO_HOST, user.email);
        expect(mails, `request ${i + 1}`).toHaveLength(1);
        answers.push(res.json());
      }
      const over = await resetLinkFor(DEMO_HOST, user.email);
      expect(over.mails).toHaveLength(0);
      expect(over.res.json()).toEqual(answers[0]);
      // Other accounts are not held back by it.
      expect((await resetLinkFor(DEMO_HOST, manager.email)).mails).toHaveLength(1);
    });

    it('the mail is in the language of the request', async () => {
      const { mails } = await resetLinkFor(DEMO_HOST, staff.email, { 'accept-language': 'de' });
      expect(mails[0]!.subject).toBe(translate('de', 'mail.reset_subject', { site: 'Trattoria Demo' }));
      expect(mails[0]!.text).toContain('Hallo Sam Staff,');
    });

    it('on the main domain, an owner gets the link of their restaurant', async () => {
      const { mails } = await resetLinkFor(MAIN_HOST, other.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`http://${other.host}/reset-password?token=`);
    });

    it('reset sets the password, revokes every session, and the link works once', async () => {
      const user = await t.addUser({ tenantId: demoId, role: 'staff', email: 'forgetful@demo.example.com' });
      const session = await t.loginAs(DEMO_HOST, user.email, user.password);
      const { mails } = await resetLinkFor(DEMO_HOST, user.email);
      const token = decodeURIComponent(tokenOf(mails[0]!.text)!);
      const newPassword = 'A-brand-new-secret-42';

      const res = await t.client(DEMO_HOST).post('/api/reset-password', { token, password: newPassword, password_confirmation: newPassword });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(translate('en', 'messages.password_reset'));

      expect((await me(DEMO_HOST, session)).statusCode).toBe(401);
      expect((await t.client(DEMO_HOST).post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(422);
      await t.loginAs(DEMO_HOST, user.email, newPassword);

      const again = await t.client(DEMO_HOST).post('/api/reset-password', { token, password: 'Another-secret-43', password_confirmation: 'Another-secret-43' });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.token).toEqual([translate('en', 'errors.reset_invalid')]);
      await t.loginAs(DEMO_HOST, user.email, newPassword);
    });

    it('a reset link of one restaurant does nothing on another', async () => {
      const { mails } = await resetLinkFor(DEMO_HOST, staff.email);
      const token = decodeURIComponent(tokenOf(mails[0]!.text)!);
      const res = await t.client(other.host).post('/api/reset-password', { token, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
      expect(res.statusCode).toBe(422);
      await t.loginAs(DEMO_HOST, staff.email, staff.password);
    });

    it('a common password is refused and the link stays usable', async () => {
      const user = await t.addUser({ tenantId: demoId, role: 'staff', email: 'lazy@demo.example.com' });
      const { mails } = await resetLinkFor(DEMO_HOST, user.email);
      const token = decodeURIComponent(tokenOf(mails[0]!.text)!);
      const common = await t.client(DEMO_HOST).post('/api/reset-password', { token, password: 'Password123', password_confirmation: 'Password123' });
      expect(common.statusCode).toBe(422);
      expect(common.json().errors).toEqual({ password: [translate('en', 'validation.password_common')] });
      const ok = await t.client(DEMO_HOST).post('/api/reset-password', { token, password: GOOD_PASSWORD + 'x', password_confirmation: GOOD_PASSWORD + 'x' });
      expect(ok.statusCode).toBe(200);
    });

    it('a mismatched confirmation and a short password are field errors', async () => {
      const res = await t.client(DEMO_HOST).post('/api/reset-password', { token: 'x', password: 'short', password_confirmation: 'other' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        password: [translate('en', 'validation.min_length', { min: 8 })],
        password_confirmation: [translate('en', 'validation.password_mismatch')],
      });
    });

    it('a restaurant account\'s reset mail is queued in the outbox with the restaurant\'s origin', async () => {
      const { mails } = await resetLinkFor(DEMO_HOST, staff.email);
      expect(mails).toHaveLength(1);
      const rows = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.tenantId, demoId), eq(mailOutbox.toAddress, staff.email)));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(rows.at(-1)!.payload).toMatchObject({ subjectKey: 'mail.reset_subject', origin: 'http://demo.localhost' });
    });

    it('platform operators can reset their password on the main domain', async () => {
      const { mails } = await resetLinkFor(MAIN_HOST, platform.email);
      expect(mails).toHaveLength(1);
      // Sent directly: an operator belongs to no restaurant, so nothing is queued.
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, platform.email))).toHaveLength(0);
      expect(mails[0]!.text).toContain('http://localhost/reset-password?token=');
      const token = decodeURIComponent(tokenOf(mails[0]!.text)!);
      const session = await t.loginAs(MAIN_HOST, platform.email, platform.password);
      const res = await t.client(MAIN_HOST).post('/api/reset-password', { token, password: platform.password, password_confirmation: platform.password });
      expect(res.statusCode).toBe(200);
      expect((await me(MAIN_HOST, session)).statusCode).toBe(401);
    });
  });
});

// Throttling gets its own app: it locks accounts and burns the per-IP budget.
describeEachDb('auth throttling', (kind) => {
  const t = useTestApp(kind, { seed: true, env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_PER_IP_PER_MINUTE: '8' } });

  it('locks an account after LOGIN_MAX_FAILURES_PER_ACCOUNT failures: 429, even with the right password', async () => {
    const max = t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
    for (let i = 0; i < max; i++) {
      const res = await t.client(DEMO_HOST).post('/api/login', { email: staff.email, password: `wrong-${i}` });
      expect(res.statusCode).toBe(422);
    }
    const locked = await t.client(DEMO_HOST).post('/api/login', staff);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', message: translate('en', 'errors.login_locked', { minutes: t.config.LOGIN_LOCK_MINUTES }) });
    // Other accounts are not locked; the same account is, signing in through the main domain too (ten more guesses).
    await t.loginAs(DEMO_HOST, manager.email, manager.password);
    const elsewhere = await t.client(MAIN_HOST).post('/api/login', staff);
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().code).toBe('RATE_LIMITED');
  });

  it('counts guesses sent all at once: exactly the limit is checked, the rest are refused unchecked', async () => {
    const own = await t.registerTeam('burst');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => t.client(own.r.host).post('/api/login', { email: own.r.email, password: `guess-${i}` })));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([...Array(t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT).fill(422), ...Array(12 - t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT).fill(429)]);
  });

  it('a password reset opens a locked account at once (the lock message offers it as the way out)', async () => {
    const own = await t.registerTeam('unlock');
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) await t.client(own.r.host).post('/api/login', { email: own.r.email, password: `wrong-${i}` });
    expect((await t.client(own.r.host).post('/api/login', { email: own.r.email, password: own.r.password })).statusCode).toBe(429);
    expect((await t.client(own.r.host).post('/api/forgot-password', { email: own.r.email })).statusCode).toBe(200);
    await t.app.outbox.drain();
    const link = t.mailer.sent.filter((m) => m.to === own.r.email).at(-1)!.text.match(/reset-password\?token=([\w%-]+)/)![1]!;
    const reset = await t.client(own.r.host).post('/api/reset-password', { token: link, password: 'Another-Good-Pass-42', password_confirmation: 'Another-Good-Pass-42' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.client(own.r.host).post('/api/login', { email: own.r.email, password: 'Another-Good-Pass-42' })).statusCode).toBe(200);
  });

  it('fewer failures than the limit, then a success, resets the count', async () => {
    const max = t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < max - 1; i++) {
        expect((await t.client(DEMO_HOST).post('/api/login', { email: manager.email, password: 'nope-nope' })).statusCode).toBe(422);
      }
      await t.loginAs(DEMO_HOST, manager.email, manager.password);
    }
  });

  it('limits sign-in attempts per IP: 429 after LOGIN_MAX_PER_IP_PER_MINUTE', async () => {
    const c = t.client(DEMO_HOST);
    const max = t.config.LOGIN_MAX_PER_IP_PER_MINUTE;
    for (let i = 0; i < max; i++) {
      // Invalid bodies count too (the limit runs before validation), and cost no hashing.
      expect((await c.post('/api/login', { email: `user${i}@example.com` })).statusCode).toBe(422);
    }
    const limited = await c.post('/api/login', admin);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Password resets have a budget of their own, limited the same way.
    for (let i = 0; i < max; i++) expect((await c.post('/api/forgot-password', { email: `nobody${i}@example.com` })).statusCode).toBe(200);
    expect((await c.post('/api/forgot-password', { email: admin.email })).statusCode).toBe(429);
    // Another IP is unaffected.
    expect((await t.client(DEMO_HOST).post('/api/login', admin)).statusCode).toBe(200);
  });
});
