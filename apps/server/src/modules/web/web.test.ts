import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_CLICKS_GLOBAL } from '@tavolo/contracts/server-render';
import type { TStorefrontBoot } from '@tavolo/contracts/storefront-boot';
import { orders, products, tenantSettings } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { insertOrder } from '../../test/order-fixture.ts';
import { createCmsService } from '../cms/cms.service.ts';
import { fakeWebDist } from '../../test/fake-web-dist.ts';
import { MAIN_HOST, describeEachDb, useTestApp, type RegisteredTenant } from '../../test/harness.ts';

// A stand-in for the web build: one chunk with the brotli and gzip copies the Vite build writes next to it.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-web-assets-'));
const chunk = `export const menu = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `dish ${i}`))};\n`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>Tavolo</title><!--site-data--></head><body></body></html>');
fs.writeFileSync(path.join(webDist, 'assets/menu-abc123.js'), chunk);
fs.writeFileSync(path.join(webDist, 'assets/menu-abc123.js.br'), zlib.brotliCompressSync(chunk));
fs.writeFileSync(path.join(webDist, 'assets/menu-abc123.js.gz'), zlib.gzipSync(chunk));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('built assets under /build/', () => {
  const t = useTestApp('pglite', { env: { WEB_DIST: webDist } });
  const get = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/build/assets/menu-abc123.js', headers: { host: MAIN_HOST, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
    expect(res.rawPayload.length).toBeLessThan(chunk.length / 2);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(chunk);
  });

  it('sends the file as it is to a client that asks for no encoding', async () => {
    const res = await get();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(chunk);
  });
});

describeEachDb('index.html of a restaurant', (kind) => {
  const t = useTestApp(kind, { env: { WEB_DIST: webDist } });
  // A description that tries to close the script element and run its own.
  const hostile = 'Pasta </script><script>alert(1)</script> <!-- & "more"';
  let r: RegisteredTenant;
  let other: RegisteredTenant;
  beforeAll(async () => {
    r = await t.registerTenant({ domain: 'boot-main', status: 'active' });
    other = await t.registerTenant({ domain: 'boot-other', status: 'active' });
    await t.db.update(tenantSettings).set({ description: hostile }).where(eq(tenantSettings.tenantId, r.tenantId));
    await t.db.update(tenantSettings).set({ description: null }).where(eq(tenantSettings.tenantId, other.tenantId));
    const category = await t.addCategory(r.tenantId, { name: 'Pizza' });
    const first = await t.addProduct(r.tenantId, category, { name: 'Margherita', priceCents: 900, sortOrder: 1 });
    await t.addProduct(r.tenantId, category, { name: 'Diavola', priceCents: 1100, sortOrder: 2 });
    await t.db.update(products).set({ image: '/uploads/t/margherita"-640.webp' }).where(eq(products.id, first));
  });
  const page = (host: string, url = '/', lang = 'en') => t.app.inject({ method: 'GET', url, headers: { host, 'accept-language': lang } });
  const bootOf = (html: string) => {
    const json = /<script id="storefront-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    return json === undefined ? null : (JSON.parse(json) as TStorefrontBoot);
  };

  it('is the page with U+0000 in its query too: pages store nothing (it was a 422 in JSON); an API call still refuses it', async () => {
    const res = await page(r.host, '/checkout?x=%00');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect((await t.app.inject({ method: 'GET', url: '/api/tenant/public/products?search=%00', headers: { host: r.host } })).statusCode).toBe(422);
  });

  it("carries the public reads of the Host's restaurant, the same as the API answers, escaped inside its script element", async () => {
    const res = await page(r.host, '/checkout');
    expect(res.statusCode).toBe(200);
    // The only script elements are the two data islands: the description's </script> did not end one.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(res.body).not.toContain('<script>alert');
    const boot = bootOf(res.body)!;
    expect(boot.settings.description).toBe(hostile);
    const api = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { host: r.host } })).json().data;
    expect(boot.settings).toEqual(await api('/api/tenant/settings'));
    expect(boot.details).toEqual(await api('/api/tenant/get-tenant-details'));
    expect(boot.appearance).toEqual(await api('/api/tenant/public/appearance'));
    expect(boot.details.business_name).toBe(r.name);
    // The menu's first page only where the landing shows it unfiltered.
    expect(boot.products).toBeUndefined();
    expect(bootOf((await page(r.host, '/?category=x')).body)!.products).toBeUndefined();
    // The landing's address in another language is the same unfiltered landing.
    expect(bootOf((await page(r.host, '/?lang=de')).body)!.products!.data.map((p) => p.name)).toEqual(['Margherita', 'Diavola']);
  });

  it('carries the unfiltered first menu page on the landing, and preloads its first picture', async () => {
    const res = await page(r.host, '/');
    const menu = bootOf(res.body)!.products!;
    expect(menu.data.map((p) => p.name)).toEqual(['Margherita', 'Diavola']);
    // The category tabs too, as the API answers them.
    expect(bootOf(res.body)!.categories).toEqual((await t.app.inject({ method: 'GET', url: '/api/tenant/public/categories?is_active=1', headers: { host: r.host } })).json().data);
    expect(bootOf(res.body)!.categories!.data.map((c) => c.name)).toEqual(['Pizza']);
    expect(menu).toEqual((await t.app.inject({ method: 'GET', url: '/api/tenant/public/products?page=1&per_page=12&sort=default&is_active=1', headers: { host: r.host } })).json().data);
    expect(res.body).toContain('<link rel="preload" as="image" href="/uploads/t/margherita&quot;-640.webp" fetchpriority="high" />');
    expect(bootOf((await page(other.host, '/')).body)!.products!.data).toEqual([]);
  });

  it('names the restaurant in <title> and describes it in the meta description, escaped', async () => {
    const res = await page(r.host);
    expect(res.body).toContain(`<title>${r.name}</title>`);
    expect(res.body).toContain('<meta name="description" content="Pasta &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; &quot;more&quot;" />');
    // Without a description of its own, a sentence in the visitor's language names it.
    expect((await page(other.host, '/', 'de')).body).toContain(`<meta name="description" content="Speisekarte, Online-Bestellung und Tischreservierung bei ${other.name}." />`);
    expect(bootOf((await page(other.host)).body)!.details.business_name).toBe(other.name);
  });

  it("carries the plans on the main domain's marketing pages, as GET /api/plans answers them, and nowhere else", async () => {
    const islandOf = (html: string) => {
      const json = /<script id="platform-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      return json === undefined ? null : (JSON.parse(json) as { plans: unknown[] });
    };
    const plans = (await t.app.inject({ method: 'GET', url: '/api/plans', headers: { host: MAIN_HOST } })).json().data;
    expect(plans.length).toBeGreaterThan(0);
    for (const address of ['/', '/pricing', '/pricing?lang=de']) expect(islandOf((await page(MAIN_HOST, address)).body), address).toEqual({ plans });
    expect(islandOf((await page(MAIN_HOST, '/dashboard/tenants')).body)).toBeNull();
    expect(islandOf((await page(r.host, '/')).body)).toBeNull();
  });

  it('leaves it out of the dashboard and of the main domain', async () => {
    await t.db.update(tenantSettings).set({ timeZone: 'Europe/Vienna' }).where(eq(tenantSettings.tenantId, r.tenantId));
    t.app.tenants.invalidate('boot-main');
    const dashboard = await page(r.host, '/dashboard/orders');
    expect(dashboard.body).toContain('id="site-data"');
    // The page knows the restaurant and the clock it keeps (the dashboard shows times on it).
    const site = JSON.parse(/<script id="site-data" type="application\/json">(.*?)<\/script>/.exec(dashboard.body)![1]!);
    expect(site).toEqual({ kind: 'tenant', mainDomain: 'localhost', tenant: { slug: 'boot-main', name: r.name, status: 'active', time_zone: 'Europe/Vienna' } });
    expect(bootOf(dashboard.body)).toBeNull();
    const main = await page(MAIN_HOST);
    expect(main.body).toContain('id="site-data"');
    expect(bootOf(main.body)).toBeNull();
    expect(main.body).not.toContain(r.name);
  });
});

describe('server-rendered pages', () => {
  const dist = fakeWebDist('<!doctype html><html lang="en"><head><title>Tavolo</title><!--site-data--></head><body><div id="root"></div></body></html>');
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const t = useTestApp('pglite', { env: { WEB_DIST: dist } });
  let r: RegisteredTenant;
  let other: RegisteredTenant;
  beforeAll(async () => {
    r = await t.registerTenant({ domain: 'ssr-main', status: 'active' });
    other = await t.registerTenant({ domain: 'ssr-other', status: 'active' });
  });
  const page = (host: string, url = '/', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, 'accept-language': 'en', ...headers } });
  const rootOf = (html: string) => /<div id="root"[^>]*>.*?<\/div>/.exec(html)?.[0];

  it("fills the root with the Host's own restaurant's page, marked with the language it was rendered in", async () => {
    expect(rootOf((await page(r.host)).body)).toBe(`<div id="root" data-ssr="en"><main>${r.name}|en|/</main></div>`);
    const second = (await page(other.host)).body;
    expect(rootOf(second)).toBe(`<div id="root" data-ssr="en"><main>${other.name}|en|/</main></div>`);
    expect(second).not.toContain(r.name);
    expect(rootOf((await page(MAIN_HOST, '/pricing')).body)).toBe('<div id="root" data-ssr="en"><main>platform|en|/pricing</main></div>');
    expect(rootOf((await page(r.host, '/checkout?lang=de')).body)).toBe(`<div id="root" data-ssr="de"><main>${r.name}|de|/checkout</main></div>`);
  });

  it('renders in the language the visitor chose (the cookie), over the browser\'s, and ?lang= over both', async () => {
    const res = await page(r.host, '/', { 'accept-language': 'en', cookie: 'language=de' });
    expect(rootOf(res.body)).toBe(`<div id="root" data-ssr="de"><main>${r.name}|de|/</main></div>`);
    expect(res.body).toContain('<html lang="de"');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(rootOf((await page(r.host, '/?lang=en', { cookie: 'language=de' })).body)).toContain('data-ssr="en"');
    // A cookie naming no language of ours changes nothing.
    expect(rootOf((await page(r.host, '/', { cookie: 'language=xx' })).body)).toContain('data-ssr="en"');
  });

  it('renders only the landing and the main domain\'s own pages, with no query but ?lang=, never the dashboard or an unknown host', async () => {
    for (const address of ['/reservation', '/checkout/', '/boom', '/made-up-page', '/?category=1', '/?lang=de&x=1', '/dashboard/home', '/?lang=x1', '/?lang=de&lang=de', '/?&']) {
      expect(rootOf((await page(r.host, address)).body), address).toBe('<div id="root"></div>');
    }
    for (const address of ['/made-up-page', '/pricing?utm=1', '/dashboard', '/pricing/', '/pricing//', '/pricing?lang=zz']) {
      expect(rootOf((await page(MAIN_HOST, address)).body), address).toBe('<div id="root"></div>');
    }
    expect(rootOf((await page(r.host, '/?lang=de')).body)).toBe(`<div id="root" data-ssr="de"><main>${r.name}|de|/</main></div>`);
    const unknown = await page('nobody.localhost');
    expect(unknown.statusCode).toBe(404);
    expect(rootOf(unknown.body)).toBe('<div id="root"></div>');
  });

  it('renders only for a Host with no port or the one the server listens on, so made-up ports cannot flood its cache', async () => {
    expect(rootOf((await page(`${r.host}:1`)).body)).toBe('<div id="root"></div>');
    expect(rootOf((await page(`${MAIN_HOST}:65535`, '/pricing')).body)).toBe('<div id="root"></div>');
    expect(rootOf((await page(r.host.toUpperCase())).body)).toBe(`<div id="root" data-ssr="en"><main>${r.name}|en|/</main></div>`);
  });

  it('carries the early-click holder on rendered pages only, allowed by the CSP through the hash of its exact bytes', async () => {
    const inline = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    for (const [host, address] of [[r.host, '/'], [MAIN_HOST, '/pricing']] as const) {
      const res = await page(host, address);
      const [script, ...more] = inline(res.body);
      expect(more, address).toEqual([]);
      expect(script, address).toContain(EARLY_CLICKS_GLOBAL);
      const scriptSrc = String(res.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('script-src '));
      expect(scriptSrc?.trim().split(/\s+/), address).toEqual(['script-src', "'self'", `'sha256-${createHash('sha256').update(script!, 'utf8').digest('base64')}'`]);
      // It runs before the app's deferred entry, in <head>.
      expect(res.body.indexOf(script!), address).toBeLessThan(res.body.indexOf('</head>'));
    }
    expect(inline((await page(r.host, '/dashboard/home')).body)).toEqual([]);
  });

  it("answers 404 for an address the web app has no page for, with the app's page (its not-found page) all the same", async () => {
    for (const [host, address] of [[r.host, '/missing-dish'], [MAIN_HOST, '/missing?lang=de'], [r.host, '/missing/deeper/']]) {
      const res = await page(host!, address);
      expect(res.statusCode, address).toBe(404);
      expect(res.headers['content-type'], address).toContain('text/html');
      expect(res.body, address).toContain('<div id="root"></div>');
      expect(res.body, address).toContain('id="site-data"');
    }
    // Pages the browser renders (known to the web app) stay 200.
    for (const address of ['/reservation', '/dashboard/home', '/login']) expect((await page(r.host, address)).statusCode, address).toBe(200);
  });

  it('answers 404 for a custom page or an order link that leads nowhere, or to another restaurant', async () => {
    const cms = createCmsService({ db: t.db });
    const content = { title: 'Opening night', body_html: '<p>Friday.</p>' };
    await cms.create(r.tenantId, { slug: 'opening-night', is_published: true, sort_order: 0, translations: { en: content, de: content } });
    await cms.create(r.tenantId, { slug: 'draft-night', is_published: false, sort_order: 0, translations: { en: content, de: content } });
    const dish = await t.addProduct(r.tenantId, await t.addCategory(r.tenantId, { name: 'Pizza' }), { name: 'Margherita', priceCents: 900 });
    const order = await insertOrder(t.db, r.tenantId, { email: 'guest@example.com', at: new Date(), status: 'pending', lines: [{ productId: dish, name: 'Margherita', cents: 900 }] });
    const token = 'a-guests-secret-tracking-token-of-43-chars-x';
    await t.db.update(orders).set({ trackingTokenHash: hashToken(token) }).where(eq(orders.id, order.id));
    const status = async (host: string, address: string) => (await page(host, address)).statusCode;
    for (const address of ['/p/opening-night', '/p/about', `/order/${token}`, '/about']) expect(await status(r.host, address), address).toBe(200);
    for (const address of ['/p/draft-night', '/p/never-written', '/p/Opening-Night', `/order/${token.replace('x', 'y')}`]) expect(await status(r.host, address), address).toBe(404);
    // Another restaurant's host knows neither.
    for (const address of ['/p/opening-night', `/order/${token}`]) expect(await status(other.host, address), address).toBe(404);
  });

  it('does not serve the renderer itself to browsers', async () => {
    for (const url of ['/build/ssr/entry-server.js', '/build/ssr/', '/build//ssr/entry-server.js', '/build/%73sr/entry-server.js']) {
      const res = await page(r.host, url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('renderPage');
    }
  });
});
