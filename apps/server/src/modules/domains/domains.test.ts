import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { tenantDomains, tenants } from '../../db/schema/index.ts';
import { describeEachDb, unknownId, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import type { DomainVerifier } from './domains.verifier.ts';

const URL_ = '/api/tenant/domains';
const NOW = new Date('2026-05-04T10:00:00Z');

/** A local resolver: TXT records and well-known files the test publishes. */
const txt = new Map<string, string[][]>();
const files = new Map<string, string>();
const stub: DomainVerifier = {
  txt: async (name) => txt.get(name) ?? [],
  fetchWellKnown: async (host) => files.get(host) ?? null,
};

// index.html as the web build ships it: the server fills in what the Host resolved to.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--site-data--></head><body></body></html>');

describeEachDb('custom domains', (kind) => {
  const t = useTestApp(kind, { now: () => NOW, domainVerifier: stub, env: { WEB_DIST: webDist } });
  let premium: RegisteredTenant;
  let admin: TestClient;
  let free: RegisteredTenant;
  let freeAdmin: TestClient;

  const setTenant = async (tenantId: string, values: Partial<typeof tenants.$inferInsert>) => {
    await t.db.update(tenants).set(values).where(eq(tenants.id, tenantId));
  };
  const signIn = async (r: RegisteredTenant) => t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
  /** What a visitor's browser gets on `host`: the restaurant's header card, or 404 when the host is nobody's. */
  const storefront = (host: string) => t.client(host).get('/api/tenant/get-tenant-details');

  beforeAll(async () => {
    premium = await t.registerTenant({ domain: 'pizza', status: 'active' });
    await setTenant(premium.tenantId, { planId: 'premium' });
    admin = await signIn(premium);
    free = await t.registerTenant({ domain: 'freebie', status: 'active' });
    freeAdmin = await signIn(free);
  });
  beforeEach(() => {
    txt.clear();
    files.clear();
  });

  it('Free restaurants cannot add a domain; the answer offers the upgrade', async () => {
    const res = await freeAdmin.post(URL_, { host: 'www.freebie.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT', message: 'Your own domain is part of Premium. Upgrade to connect one.' });
    expect((await freeAdmin.get(URL_)).json().data).toEqual([]);
  });

  it('refuses hostile and odd hosts with a field message', async () => {
    const bad = [
      '',
      '   ',
      'localhost',
      'pizza',
      '127.0.0.1',
      '10.0.0.1',
      '[::1]',
      '::1',
      'http://pizza.test',
      'pizza.test/menu',
      'pizza.test:8080',
      'user@pizza.test',
      'a..test',
      '.pizza.test',
      '-pizza.test',
      'pizza-.test',
      'piz_za.test',
      'pizza.123',
      'pizza.t3st',
      // Internationalised names are welcome (next test), but not with a path, nor an address in wide digits.
      'pizzä.test/menu',
      '１２７.０.０.１',
      'pizza .test',
      'pizza.test\n.evil',
      `${'a'.repeat(64)}.test`,
      `${Array.from({ length: 64 }, () => 'abc').join('.')}.test`,
      'localhost',
      'shop.localhost',
      'demo.localhost',
    ];
    for (const host of bad) {
      const res = await admin.post(URL_, { host });
      expect(res.statusCode, host).toBe(422);
      expect(Object.keys(res.json().errors), host).toEqual(['host']);
    }
    // The platform's own domain (localhost in tests) and its subdomains; hostProblem's unit test covers a real one.
    const de = await admin.post(URL_, { host: 'demo.localhost' }, { headers: { 'x-language': 'de' } });
    expect(de.json().errors.host[0]).toBe('Dieser Name kann nicht als Domain verwendet werden.');
    const en = await admin.post(URL_, { host: '10.0.0.1' });
    expect(en.json().errors.host[0]).toMatch(/^Enter a domain such as www.my-restaurant.com/);
    expect((await admin.post(URL_, { host: 'ok.test', extra: 1 })).statusCode).toBe(422);
    expect((await admin.get(URL_)).json().data).toEqual([]);
  });

  it('adds a domain (normalized) with its token and instructions; at most three; a host belongs to one restaurant', async () => {
    const res = await admin.post(URL_, { host: '  WWW.Pizza.Test. ' });
    expect(res.statusCode).toBe(201);
    const domain = res.json().data;
    expect(domain).toMatchObject({ host: 'www.pizza.test', verified_at: null, last_error: null });
    const token = domain.instructions.file_content as string;
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(domain.instructions).toEqual({
      txt_name: '_tavolo-challenge.www.pizza.test',
      txt_value: `tavolo-verify=${token}`,
      file_url: 'http://www.pizza.test/.well-known/tavolo-verify.txt',
      file_content: token,
      cname_target: 'pizza.localhost',
    });
    expect((await admin.post(URL_, { host: 'www.pizza.test' })).json()).toMatchObject({ code: 'CONFLICT' });

    // A claim blocks nobody (or anyone could keep a domain from its owner by naming it first): another Premium
    // restaurant may claim it too, and the one that proves it owns it.
    const rival = await t.registerTenant({ domain: 'rival', status: 'active' });
    await setTenant(rival.tenantId, { planId: 'premium' });
    const rivalAdmin = await signIn(rival);
    const mine = (await admin.post(URL_, { host: 'contested.test' })).json().data;
    const theirs = await rivalAdmin.post(URL_, { host: 'CONTESTED.TEST' });
    expect(theirs.statusCode, theirs.body).toBe(201);
    files.set('contested.test', theirs.json().data.instructions.file_content);
    expect((await rivalAdmin.post(`${URL_}/${theirs.json().data.id}/verify`)).json().data.verified).toBe(true);
    files.clear();
    const lost = await admin.post(`${URL_}/${mine.id}/verify`);
    expect(lost.json().data).toMatchObject({ verified: false, domain: { verified_at: null } });
    expect(lost.json().data.domain.last_error).toBe('This domain is already connected to another restaurant. If it is yours, contact the platform team.');
    // Proved, it is taken: a new claim is refused.
    const third = await t.registerTenant({ domain: 'third', status: 'active' });
    await setTenant(third.tenantId, { planId: 'premium' });
    const taken = await (await signIn(third)).post(URL_, { host: 'contested.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This domain is already connected to another restaurant. If it is yours, contact the platform team.');
    await t.db.delete(tenantDomains).where(eq(tenantDomains.host, 'contested.test'));

    // Both proving it at once: one of them gets it.
    await rivalAdmin.csrf();
    await admin.csrf();
    const claims = [(await admin.post(URL_, { host: 'race.test' })).json().data, (await rivalAdmin.post(URL_, { host: 'race.test' })).json().data];
    txt.set('_tavolo-challenge.race.test', claims.map((c: { instructions: { txt_value: string } }) => [c.instructions.txt_value]));
    const race = await Promise.all([admin.post(`${URL_}/${claims[0].id}/verify`), rivalAdmin.post(`${URL_}/${claims[1].id}/verify`)]);
    expect(race.map((r) => r.json().data.verified).sort()).toEqual([false, true]);
    txt.clear();
    await t.db.delete(tenantDomains).where(eq(tenantDomains.host, 'race.test'));

    expect((await admin.post(URL_, { host: 'pizza.test' })).statusCode).toBe(201);
    expect((await admin.post(URL_, { host: 'pizza-two.test' })).statusCode).toBe(201);
    const fourth = await admin.post(URL_, { host: 'pizza-three.test' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('A restaurant can connect at most 3 domains. Remove one first.');
    const list = (await admin.get(URL_)).json().data;
    expect(list.map((d: { host: string }) => d.host).sort()).toEqual(['pizza-two.test', 'pizza.test', 'www.pizza.test']);
    for (const d of list.filter((d: { host: string }) => d.host !== 'www.pizza.test')) expect((await admin.delete(`${URL_}/${d.id}`)).statusCode).toBe(200);
  });

  it('takes an internationalised name as punycode and shows it back readably; typed either way it is one domain', async () => {
    const res = await admin.post(URL_, { host: ' Café-Müller.Test ' });
    expect(res.statusCode, res.body).toBe(201);
    const domain = res.json().data;
    // DNS and the browser's Host header use the punycode form; people read the Unicode one.
    expect(domain).toMatchObject({ host: 'xn--caf-mller-d4a5s.test', display_host: 'café-müller.test' });
    expect(domain.instructions).toMatchObject({ txt_name: '_tavolo-challenge.xn--caf-mller-d4a5s.test', file_url: 'http://xn--caf-mller-d4a5s.test/.well-known/tavolo-verify.txt' });
    expect((await admin.post(URL_, { host: 'xn--caf-mller-d4a5s.test' })).json()).toMatchObject({ code: 'CONFLICT' });
    expect((await admin.get(URL_)).json().data.find((d: { id: string }) => d.id === domain.id)).toMatchObject({ display_host: 'café-müller.test' });
    // An ASCII name reads as it is.
    expect((await admin.get(URL_)).json().data.find((d: { host: string }) => d.host === 'www.pizza.test')).toMatchObject({ display_host: 'www.pizza.test' });
    expect((await admin.delete(`${URL_}/${domain.id}`)).statusCode).toBe(200);
  });

  it('verifies by TXT record or by file, and says why not otherwise', async () => {
    const domain = (await admin.get(URL_)).json().data.find((d: { host: string }) => d.host === 'www.pizza.test');
    const verify = () => admin.post(`${URL_}/${domain.id}/verify`);

    let res = await verify();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ verified: false, method: null, domain: { verified_at: null, last_checked_at: NOW.toISOString() } });
    expect(res.json().message).toMatch(/Neither the TXT record nor the verification file/);
    const de = await admin.post(`${URL_}/${domain.id}/verify`, undefined, { headers: { 'x-language': 'de' } });
    expect(de.json().data.domain.last_error).toMatch(/Weder der TXT-Eintrag/);

    txt.set('_tavolo-challenge.www.pizza.test', [['tavolo-verify=someone-else']]);
    res = await verify();
    expect(res.json().data.domain.last_error).toBe('A TXT record was found, but it does not contain this domain\'s verification value.');
    txt.clear();
    files.set('www.pizza.test', 'wrong token\n');
    res = await verify();
    expect(res.json().data.domain.last_error).toMatch(/verification file was found, but/);
    expect(res.json().data.verified).toBe(false);

    // The file route (with a trailing newline, as editors save it).
    files.set('www.pizza.test', `${domain.instructions.file_content}\n`);
    res = await verify();
    expect(res.json().data).toMatchObject({ verified: true, method: 'file', domain: { verified_at: NOW.toISOString(), last_error: null } });
    expect(res.json().message).toBe('www.pizza.test has been verified through the verification file.');

    // The DNS route, on a second domain; a TXT value split in 255-byte strings is joined back.
    const apex = (await admin.post(URL_, { host: 'pizza.test' })).json().data;
    const value = apex.instructions.txt_value as string;
    txt.set('_tavolo-challenge.pizza.test', [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
    res = await admin.post(`${URL_}/${apex.id}/verify`);
    expect(res.json().data).toMatchObject({ verified: true, method: 'dns' });
    expect((await admin.delete(`${URL_}/${apex.id}`)).statusCode).toBe(200);

    // Other restaurants' ids are unknown here, and unknown ids are 404.
    expect((await freeAdmin.post(`${URL_}/${domain.id}/verify`)).statusCode).toBe(404);
    expect((await freeAdmin.delete(`${URL_}/${domain.id}`)).statusCode).toBe(404);
    expect((await admin.post(`${URL_}/${unknownId()}/verify`)).statusCode).toBe(404);
  });

  it('checks are rate-limited per address (each one makes DNS and http requests)', async () => {
    const domain = (await admin.get(URL_)).json().data[0];
    const burst = t.client(premium.host, { token: admin.token });
    const codes: number[] = [];
    for (let i = 0; i <= t.config.LOGIN_MAX_PER_IP_PER_MINUTE; i++) codes.push((await burst.post(`${URL_}/${domain.id}/verify`)).statusCode);
    expect(codes.slice(0, -1).every((code) => code === 200)).toBe(true);
    const limited = await burst.post(`${URL_}/${domain.id}/verify`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await t.client(premium.host, { token: admin.token }).post(`${URL_}/${domain.id}/verify`)).statusCode).toBe(200);
  });

  it('a verified domain serves the storefront, index.html and sign-in; a token works on both hosts of its restaurant only', async () => {
    const custom = 'www.pizza.test';
    const details = await storefront(custom);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.business_name).toBe(premium.name);

    const page = await t.client(custom).get('/menu');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"kind":"tenant"');
    expect(page.body).toContain('"slug":"pizza"');

    const token = await t.loginAs(custom, premium.email, premium.password);
    expect((await t.client(custom, { token }).get(URL_)).statusCode).toBe(200);
    expect((await t.client(premium.host, { token }).get(URL_)).statusCode).toBe(200);
    expect((await t.client(custom, { token: admin.token }).get(URL_)).statusCode).toBe(200);
    // Another restaurant's token is nobody here.
    expect((await t.client(custom, { token: freeAdmin.token }).get(URL_)).statusCode).toBe(401);
    expect((await t.client(free.host, { token }).get('/api/tenant/plan')).statusCode).toBe(401);

    // Unclaimed and unverified hosts are nobody's.
    expect((await storefront('www.nobody.test')).statusCode).toBe(404);
    const pending = (await admin.post(URL_, { host: 'pending.test' })).json().data;
    expect((await storefront('pending.test')).statusCode).toBe(404);
    expect((await t.client('pending.test').get('/')).statusCode).toBe(404);
    await admin.delete(`${URL_}/${pending.id}`);
  });

  it('stops answering after a downgrade or an expired trial, comes back on Premium or a running trial, and ends on delete', async () => {
    const custom = 'www.pizza.test';
    expect((await storefront(custom)).statusCode).toBe(200);

    await t.app.plans.changePlan(premium.tenantId, 'free');
    expect((await storefront(custom)).statusCode).toBe(404);
    // Free cannot re-verify either.
    const domain = (await admin.get(URL_)).json().data[0];
    expect((await admin.post(`${URL_}/${domain.id}/verify`)).json().code).toBe('PLAN_LIMIT');

    // A running trial counts as Premium; an expired one does not (the clock is fixed at NOW).
    await setTenant(premium.tenantId, { status: 'trial', trialEndsAt: new Date('2026-05-10T00:00:00Z') });
    t.app.tenants.invalidate(premium.slug);
    expect((await storefront(custom)).statusCode).toBe(200);
    await setTenant(premium.tenantId, { trialEndsAt: new Date('2026-05-01T00:00:00Z') });
    t.app.tenants.invalidate(premium.slug);
    expect((await storefront(custom)).statusCode).toBe(404);

    await setTenant(premium.tenantId, { status: 'active', trialEndsAt: null });
    await t.app.plans.changePlan(premium.tenantId, 'premium');
    expect((await storefront(custom)).statusCode).toBe(200);

    // A status change reaches the custom host at once: invalidate(slug) drops its cached answer.
    await setTenant(premium.tenantId, { status: 'suspended' });
    expect(await t.app.tenants.resolve(custom)).toMatchObject({ kind: 'tenant', tenant: { status: 'active' } });
    t.app.tenants.invalidate(premium.slug);
    expect(await t.app.tenants.resolve(custom)).toMatchObject({ kind: 'tenant', tenant: { status: 'suspended' } });
    await setTenant(premium.tenantId, { status: 'active' });
    t.app.tenants.invalidate(premium.slug);

    expect((await admin.delete(`${URL_}/${domain.id}`)).statusCode).toBe(200);
    expect((await storefront(custom)).statusCode).toBe(404);
  });
});
