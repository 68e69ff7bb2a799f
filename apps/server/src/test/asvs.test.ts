import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tavolo/contracts/auth';
import { sessions, users } from '../db/schema/index.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../plugins/csrf.ts';
import { DEMO_HOST, DEMO_LOGINS, GOOD_PASSWORD, describeEachDb, useTestApp } from './harness.ts';

/**
 * Headers and sessions against OWASP ASVS 5.0 (V3 web frontend, V6 authentication, V7 session management, V8
 * authorization, V9 tokens), each requirement the product claims checked once, through the real app. Deeper
 * cases live next to the code (auth.test.ts, csrf.test.ts); this file is the checklist.
 */
describeEachDb('ASVS headers and sessions', (kind) => {
  const t = useTestApp(kind, { seed: true, env: { LOGIN_MAX_PER_IP_PER_MINUTE: '1000' } });
  const admin = DEMO_LOGINS.admin;

  async function login(password = admin.password, email = admin.email) {
    return t.client(DEMO_HOST).post('/api/login', { email, password });
  }

  it('V3.4: every answer carries a CSP and the other security headers; HTML pages too', async () => {
    for (const url of ['/api/health', '/api/tenant/public/settings', '/', '/checkout']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: DEMO_HOST } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('V3.5: a state-changing call needs the CSRF pair and a same-site Origin, even with a valid bearer token', async () => {
    const token = (await login()).json().data.token as string;
    const value = await t.client(DEMO_HOST).csrf();
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/tenant/logout', headers: { host: DEMO_HOST, authorization: `Bearer ${token}`, ...headers } });
    expect((await send({})).statusCode).toBe(403);
    expect((await send({ cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: value, origin: 'https://evil.example' })).statusCode).toBe(403);
    // Another restaurant's subdomain is same-site, so SameSite cookies alone would let it through: the Origin check does not.
    expect((await send({ cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: value, origin: 'http://other.localhost' })).statusCode).toBe(403);
    expect((await send({ cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: value, origin: `http://${DEMO_HOST}` })).statusCode).toBe(200);
  });

  it('V7.2/V9: session tokens have at least 128 random bits, are stored only hashed, and are new at every login', async () => {
    const first = (await login()).json().data.token as string;
    const second = (await login()).json().data.token as string;
    expect(first).not.toBe(second);
    // base64url: 6 bits per character.
    expect(first.length * 6).toBeGreaterThanOrEqual(128);
    expect(new Set(first).size).toBeGreaterThan(10);
    const [user] = await t.db.select().from(users).where(eq(users.email, admin.email));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect([first, second]).not.toContain(row.tokenHash);
    }
  });

  it('V7.4: logout revokes the token at once; an expired token is refused', async () => {
    const token = (await login()).json().data.token as string;
    const me = t.client(DEMO_HOST, { token });
    expect((await me.get('/api/tenant/auth-check')).statusCode).toBe(200);
    expect((await me.post('/api/tenant/logout', {})).statusCode).toBe(200);
    expect((await me.get('/api/tenant/auth-check')).statusCode).toBe(401);

    const other = (await login()).json().data.token as string;
    const [user] = await t.db.select().from(users).where(eq(users.email, admin.email));
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(sessions.userId, user!.id)));
    expect((await t.client(DEMO_HOST, { token: other }).get('/api/tenant/auth-check')).statusCode).toBe(401);
  });

  it('V7.4: changing the password ends every other session of the user', async () => {
    const manager = DEMO_LOGINS.manager;
    const elsewhere = (await login(manager.password, manager.email)).json().data.token as string;
    const here = (await login(manager.password, manager.email)).json().data.token as string;
    const res = await t.client(DEMO_HOST, { token: here }).post('/api/tenant/password', { current_password: manager.password, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    expect((await t.client(DEMO_HOST, { token: elsewhere }).get('/api/tenant/auth-check')).statusCode).toBe(401);
    expect((await t.client(DEMO_HOST, { token: here }).get('/api/tenant/auth-check')).statusCode).toBe(200);
  });

  it('V6.5: passwords are hashed with argon2id at m=19456 KiB, t=2, p=1 or stronger', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, admin.email));
    // PHC string: $argon2id$v=19$m=19456,p=1,t=2$salt$hash (parameters in any order).
    const [, algorithm, , params] = user!.passwordHash.split('$');
    expect(algorithm).toBe('argon2id');
    const { m, t: tCost, p } = Object.fromEntries(params!.split(',').map((kv) => [kv.split('=')[0], Number(kv.split('=')[1])]));
    expect(m).toBeGreaterThanOrEqual(19456);
    expect(tCost).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
  });

  it('V6.2: passwords of 8 to at least 64 characters, checked against common passwords', async () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBeGreaterThanOrEqual(64);
    const staff = DEMO_LOGINS.staff;
    const token = (await login(staff.password, staff.email)).json().data.token as string;
    const change = (password: string) => t.client(DEMO_HOST, { token }).post('/api/tenant/password', { current_password: staff.password, password, password_confirmation: password });
    expect((await change('short7!')).json().errors?.password).toBeDefined();
    expect((await change('password123')).json().errors?.password).toEqual(['This password is too common. Choose another one.']);
    const long = `${'Lange-Passphrase-'.repeat(4)}x`.slice(0, 64);
    const ok = await change(long);
    expect(ok.statusCode, JSON.stringify(ok.json())).toBe(200);
    expect((await login(long, staff.email)).statusCode).toBe(200);
  });
});

describeEachDb('ASVS login throttling', (kind) => {
  const t = useTestApp(kind, { seed: true, env: { LOGIN_MAX_PER_IP_PER_MINUTE: '5' } });

  it('V6.3: failed logins are limited per account (far under 100 an hour) and per IP', async () => {
    const fromOneIp = t.client(DEMO_HOST, { ip: '198.51.100.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await fromOneIp.post('/api/login', { email: DEMO_LOGINS.staff.email, password: `wrong-${i}-password` })).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);

    // Many addresses against one account: the account locks after LOGIN_MAX_FAILURES_PER_ACCOUNT (10 per 15 minutes, at most 40 an hour).
    expect(t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT * (60 / t.config.LOGIN_LOCK_MINUTES)).toBeLessThanOrEqual(100);
    let locked = false;
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT + 1 && !locked; i++) {
      const res = await t.client(DEMO_HOST, { ip: `203.0.113.${i + 1}` }).post('/api/login', { email: DEMO_LOGINS.manager.email, password: `wrong-${i}-password` });
      locked = res.statusCode === 429;
    }
    expect(locked).toBe(true);
    const right = await t.client(DEMO_HOST, { ip: '203.0.113.99' }).post('/api/login', { email: DEMO_LOGINS.manager.email, password: DEMO_LOGINS.manager.password });
    expect(right.statusCode).toBe(429);
  });
});
