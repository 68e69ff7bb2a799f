import fc from 'fast-check';
import { expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import { DEMO_HOST, MAIN_HOST, describeEachDb, registrationBody, useTestApp, type Response } from '../test/harness.ts';

/** Every error is the same envelope, with a code from contracts/errors. */
function expectErrorEnvelope(res: Response, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code, message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describeEachDb('envelope and error codes', (kind) => {
  const t = useTestApp(kind, { seed: true });

  it('a bad body is 422 VALIDATION with { field: [message] } in English by default', async () => {
    const res = await t.client(DEMO_HOST).post('/api/login', { email: 'not-an-email', password: '', remember: 'yes' });
    const body = expectErrorEnvelope(res, 422, 'VALIDATION');
    expect(body.message).toBe(translate('en', 'errors.validation'));
    expect(body.errors).toEqual({
      email: [translate('en', 'validation.email')],
      password: [translate('en', 'validation.required')],
      remember: [translate('en', 'validation.invalid_type')],
    });
  });

  it('messages are German with Accept-Language: de', async () => {
    const res = await t.client(DEMO_HOST).post('/api/login', { email: 'x' }, { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' } });
    const body = expectErrorEnvelope(res, 422, 'VALIDATION');
    expect(body.message).toBe('Bitte prüfen Sie die markierten Felder.');
    expect(body.errors.email).toEqual(['Geben Sie eine gültige E-Mail-Adresse ein.']);
    expect(body.errors.password).toEqual(['Dieses Feld ist erforderlich.']);
  });

  it('X-Language: de wins over Accept-Language', async () => {
    const res = await t.client(DEMO_HOST).post('/api/login', {}, { headers: { 'x-language': 'de', 'accept-language': 'en' } });
    const body = expectErrorEnvelope(res, 422, 'VALIDATION');
    expect(body.errors.email).toEqual(['Dieses Feld ist erforderlich.']);
    const en = await t.client(DEMO_HOST).post('/api/login', {}, { headers: { 'x-language': 'fr', 'accept-language': 'fr' } });
    expect(en.json().errors.email).toEqual([translate('en', 'validation.required')]);
  });

  it('field messages come with their keys and values, so a page can say them in another language', async () => {
    const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ restaurant_name: 'x'.repeat(121), password: 'password' }), {
      headers: { 'x-language': 'de' },
    });
    const body = expectErrorEnvelope(res, 422, 'VALIDATION');
    expect(body.error_keys).toEqual({ restaurant_name: [{ key: 'validation.max_length', params: { max: 120 } }] });
    expect(translate('en', body.error_keys.restaurant_name[0].key, body.error_keys.restaurant_name[0].params)).toBe('Must be at most 120 characters.');
    // A refusal of the service (no schema issue) carries its key too.
    const common = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ password: 'password1' }), { headers: { 'x-language': 'de' } });
    const refusal = expectErrorEnvelope(common, 422, 'VALIDATION');
    expect(refusal.errors.password).toEqual([translate('de', 'validation.password_common')]);
    expect(refusal.error_keys).toEqual({ password: [{ key: 'validation.password_common' }] });
    // No field, no keys.
    const anonymous = await t.client(DEMO_HOST).get('/api/no-such-route');
    expect(expectErrorEnvelope(anonymous, 404, 'NOT_FOUND')).not.toHaveProperty('error_keys');
  });

  it('limits in messages are filled in', async () => {
    const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ restaurant_name: 'x'.repeat(121) }), {
      headers: { 'x-language': 'de' },
    });
    const body = expectErrorEnvelope(res, 422, 'VALIDATION');
    expect(body.errors).toEqual({ restaurant_name: ['Höchstens 120 Zeichen.'] });
  });

  it('query strings are validated the same way', async () => {
    const res = await t.client(DEMO_HOST).get('/api/tenant/public/products?per_page=abc&sort=cheapest');
    const body = expectErrorEnvelope(res, 422, 'VALIDATION');
    expect(Object.keys(body.errors).sort()).toEqual(['per_page', 'sort']);
  });

  it('other errors carry translated messages: 401, 404, 403', async () => {
    const de = { headers: { 'accept-language': 'de' } };
    expect(expectErrorEnvelope(await t.client(DEMO_HOST).get('/api/me', de), 401, 'UNAUTHENTICATED').message).toBe(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    expect(expectErrorEnvelope(await t.client(DEMO_HOST).get('/api/nothing-here', de), 404, 'NOT_FOUND').message).toBe('Nicht gefunden.');
    expect(expectErrorEnvelope(await t.client('nope.localhost').get('/api/tenant/settings', de), 404, 'TENANT_NOT_FOUND').message).toBe(
      'Unter dieser Adresse gibt es kein Restaurant.',
    );
    const csrf = await t.app.inject({ method: 'POST', url: '/api/login', headers: { host: DEMO_HOST, 'x-language': 'de' }, payload: {} });
    expect(expectErrorEnvelope(csrf, 403, 'CSRF').message).toBe(translate('de', 'errors.csrf'));
  });

  it('malformed JSON is 400 BAD_REQUEST, not 500', async () => {
    for (const payload of ['{"email":', '{bad json}', '[1,2', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await t.client(DEMO_HOST).post('/api/login', undefined, { payload, headers: { 'content-type': 'application/json' } });
      expectErrorEnvelope(res, 400, 'BAD_REQUEST');
    }
  });

  it('an empty JSON body is 400, JSON null or an array is 422', async () => {
    const c = t.client(DEMO_HOST);
    expectErrorEnvelope(await c.post('/api/login', undefined, { payload: '', headers: { 'content-type': 'application/json' } }), 400, 'BAD_REQUEST');
    expectErrorEnvelope(await c.post('/api/login', undefined, { payload: 'null', headers: { 'content-type': 'application/json' } }), 422, 'VALIDATION');
    expectErrorEnvelope(await c.post('/api/login', [1, 2]), 422, 'VALIDATION');
    expectErrorEnvelope(await c.post('/api/login', undefined, { payload: '"text"', headers: { 'content-type': 'application/json' } }), 422, 'VALIDATION');
  });

  it('a body the server cannot read is 415 (or 422 for plain text), not 500', async () => {
    const send = (type: string) => t.client(DEMO_HOST).post('/api/login', undefined, { payload: 'email=a@b.c&password=x', headers: { 'content-type': type } });
    for (const type of ['application/x-www-form-urlencoded', 'application/xml', 'image/png']) {
      expect(expectErrorEnvelope(await send(type), 415, 'UNSUPPORTED_MEDIA_TYPE').message).toBe(translate('en', 'errors.unsupported_media_type'));
    }
    // Plain text is parsed as a string, which is not the object the route wants: a message for the form, no field.
    const text = expectErrorEnvelope(await send('text/plain'), 422, 'VALIDATION');
    expect(text.message).toBe(translate('en', 'errors.body_not_object'));
    expect(text.errors).toEqual({});
    const multipart = await send('multipart/form-data; boundary=x');
    expect(multipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(multipart.statusCode).toBeLessThan(500);
  });

  it('a body that is missing or not an object names no field: its message is the form\'s (unknown keys: appearance.test)', async () => {
    const c = t.client(DEMO_HOST);
    const de = { 'x-language': 'de' };
    // A content type and no body (text/plain reads as ''), JSON null, a string, an array: the form's message.
    for (const [payload, type] of [['', 'text/plain'], ['null', 'application/json'], ['"x"', 'application/json'], ['[1]', 'application/json'], ['a\u0000b', 'text/plain']]) {
      const res = await c.post('/api/login', undefined, { payload, headers: { 'content-type': type!, ...de } });
      const body = expectErrorEnvelope(res, 422, 'VALIDATION');
      expect(body, JSON.stringify(payload)).toEqual({ success: false, code: 'VALIDATION', message: translate('de', 'errors.body_not_object'), errors: {} });
    }
  });

  it('a huge body is 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t.client(DEMO_HOST).post('/api/login', undefined, { payload, headers: { 'content-type': 'application/json' } });
    const body = expectErrorEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(body.message).toBe(translate('en', 'errors.payload_too_large'));
  });

  it('deeply nested and oversized values are refused without a 500', async () => {
    const c = t.client(DEMO_HOST);
    for (const depth of [1_000, 100_000]) {
      const nested = `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
      for (const payload of [`{"email":${nested},"password":"x"}`, `{"password":"x","x":${nested.replaceAll('[', '{"a":').replaceAll(']', '}')}}`]) {
        const deep = await c.post('/api/login', undefined, { payload, headers: { 'content-type': 'application/json' } });
        expect(deep.statusCode, `depth ${depth}`).toBeGreaterThanOrEqual(400);
        expect(deep.statusCode, `depth ${depth}`).toBeLessThan(500);
      }
    }
    const long = await c.post('/api/login', { email: `${'a'.repeat(300)}@b.co`, password: 'x'.repeat(200) });
    expectErrorEnvelope(long, 422, 'VALIDATION');
    expect(Object.keys(long.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('text with a NUL character is 422 on its field (PostgreSQL cannot store it), not 500', async () => {
    const res = await t.client(MAIN_HOST).post('/api/contact', { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'a\u0000b' });
    const body = expectErrorEnvelope(res, 422, 'VALIDATION');
    expect(body.errors).toEqual({ message: [translate('en', 'validation.invalid')] });
    // In a query string too (Fastify's query object has a prototype of its own).
    const search = expectErrorEnvelope(await t.client(DEMO_HOST).get('/api/tenant/public/products?search=%00'), 422, 'VALIDATION');
    expect(search.errors).toEqual({ search: [translate('en', 'validation.invalid')] });
  });

  it('text with half a surrogate pair is 422 on its field (jsonb refused it: a 500), a whole pair (emoji) is text', async () => {
    const c = t.client(DEMO_HOST);
    const contact = { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' };
    for (const broken of ['x\ud800y', 'x\udc00', '\ud83d']) {
      const res = await c.post('/api/tenant/contact', { ...contact, name: broken }, { headers: { 'x-language': 'de' } });
      expect(expectErrorEnvelope(res, 422, 'VALIDATION').errors, JSON.stringify(broken)).toEqual({ name: [translate('de', 'validation.invalid')] });
    }
    expect((await c.post('/api/tenant/contact', { ...contact, name: 'Ann 😀' })).statusCode).toBe(201);
  });

  it("URLs Fastify's router refuses (broken percent-encoding, over-long parameter) get the envelope too", async () => {
    const de = { headers: { 'accept-language': 'de' } };
    expect(expectErrorEnvelope(await t.client(DEMO_HOST).get('/api/tenant/public/pages/%ZZ', de), 400, 'BAD_REQUEST').message).toBe(translate('de', 'errors.bad_request'));
    expectErrorEnvelope(await t.client(DEMO_HOST).get(`/api/tenant/public/pages/${'a'.repeat(5_000)}`), 414, 'BAD_REQUEST');
    // A browser that follows a mangled link to a page gets a page in its language, with a way out.
    const page = await t.client(DEMO_HOST).get('/pages/%E0%A4%A', { headers: { accept: 'text/html,*/*', 'accept-language': 'de' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(page.body).toContain(`<h1>${translate('de', 'errors.bad_address')}</h1>`);
    expect(page.body).toContain(`<a href="/">${translate('de', 'errors.to_start_page')}</a>`);
    // An API call stays JSON whatever it accepts.
    expectErrorEnvelope(await t.client(DEMO_HOST).get('/api/tenant/public/pages/%ZZ', { headers: { accept: 'text/html' } }), 400, 'BAD_REQUEST');
  });


  it('fuzz: no JSON value makes a public endpoint answer 5xx', async () => {
    const endpoints = [
      { host: DEMO_HOST, url: '/api/login' },
      { host: MAIN_HOST, url: '/api/tenant-register' },
      { host: DEMO_HOST, url: '/api/forgot-password' },
      { host: DEMO_HOST, url: '/api/reset-password' },
      { host: DEMO_HOST, url: '/api/auth/handoff' },
    ];
    const shaped = fc.record(
      {
        email: fc.oneof(fc.string(), fc.emailAddress(), fc.jsonValue()),
        password: fc.oneof(fc.string(), fc.jsonValue()),
        password_confirmation: fc.string(),
        domain: fc.oneof(fc.string(), fc.domain()),
        token: fc.string(),
        code: fc.string(),
        remember: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.oneof(fc.jsonValue(), shaped), async ({ host, url }, body) => {
        // A fresh client per run: its own IP, so the sign-in rate limits stay out of the way.
        const res = await t.client(host).post(url, undefined, { payload: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500);
        expect(res.json().success).toBe(res.statusCode < 300);
      }),
      { numRuns: 150 },
    );
    // And query strings.
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('page', 'per_page', 'sort', 'category_id', 'search', 'is_active', 'x'), fc.string()), async (query) => {
        const res = await t.client(DEMO_HOST).get('/api/tenant/public/products', { query });
        expect(res.statusCode, `${JSON.stringify(query)} -> ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
