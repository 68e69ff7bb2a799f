import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEO_PATHS, SITEMAP_PATHS } from '@tavolo/contracts/seo';
import { DEMO_HOST, DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp } from '../../test/harness.ts';

// A stand-in for the built SPA: the head tags are written into whatever index.html the build produced.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-seo-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Tavolo</title>\n    <!--site-data-->\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];

describeEachDb('seo', (kind) => {
  const t = useTestApp(kind, { seed: true, env: { WEB_DIST: webDist } });

  describe('head tags in index.html', () => {
    it('gives every marketing page its own title, description, canonical, hreflang and Open Graph tags, in English by default', async () => {
      const main = t.client(MAIN_HOST);
      const titles = new Set<string>();
      for (const pagePath of Object.keys(SEO_PATHS)) {
        const res = await main.get(pagePath);
        expect(res.statusCode, pagePath).toBe(200);
        const html = res.body;
        const title = attr(html, /<title>([^<]+)<\/title>/)!;
        expect(title, pagePath).toMatch(/ · Tavolo$/);
        titles.add(title);
        expect(attr(html, /<meta name="description" content="([^"]+)"/)!.length, pagePath).toBeGreaterThan(60);
        expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`http://localhost${pagePath}`);
        expect(attr(html, /hreflang="de" href="([^"]+)"/)).toBe(`http://localhost${pagePath}?lang=de`);
        expect(attr(html, /hreflang="en" href="([^"]+)"/)).toBe(`http://localhost${pagePath}`);
        expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`http://localhost${pagePath}`);
        expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toBe('http://localhost/build/og-image.png');
        expect(attr(html, /<meta property="og:locale" content="([^"]+)"/)).toBe('en_US');
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
        expect(html).toContain('<html lang="en"');
        // The site data still follows for the SPA.
        expect(html).toContain('<script id="site-data"');
      }
      expect(titles.size).toBe(Object.keys(SEO_PATHS).length);
    });

    it('answers in German for ?lang=de, and for a German Accept-Language without it', async () => {
      const main = t.client(MAIN_HOST);
      const asked = (await main.get('/pricing?lang=de')).body;
      expect(attr(asked, /<title>([^<]+)<\/title>/)).toBe('Preise: kostenloser Tarif, Premium ab 29 $ im Monat · Tavolo');
      expect(asked).toContain('<html lang="de"');
      expect(attr(asked, /<link rel="canonical" href="([^"]+)"/)).toBe('http://localhost/pricing?lang=de');
      expect(attr(asked, /<meta property="og:locale" content="([^"]+)"/)).toBe('de_DE');
      expect(attr(asked, /<meta property="og:description" content="([^"]+)"/)).toContain('Starten Sie kostenlos');

      const response = await main.get('/about', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
      expect(response.headers.vary).toContain('Accept-Language');
      const browser = response.body;
      expect(attr(browser, /<title>([^<]+)<\/title>/)).toBe('Über Tavolo · Tavolo');
      // An explicit ?lang= wins over the browser's language.
      const english = (await main.get('/about?lang=en', { headers: { 'accept-language': 'de' } })).body;
      expect(attr(english, /<title>([^<]+)<\/title>/)).toBe('About Tavolo · Tavolo');
    });

    it('leaves other main-domain pages with the plain title, and gives a restaurant host its own name', async () => {
      const dashboard = (await t.client(MAIN_HOST).get('/dashboard/tenants')).body;
      expect(attr(dashboard, /<title>([^<]+)<\/title>/)).toBe('Tavolo');
      expect(dashboard).not.toContain('name="description"');

      // Even on a path that is a marketing page on the main domain.
      const storefront = (await t.client(DEMO_HOST).get('/pricing')).body;
      expect(attr(storefront, /<title>([^<]+)<\/title>/)).toBe('Trattoria Demo');
      expect(storefront).not.toContain('og:title');
    });
  });

  describe('sitemap.xml and robots.txt', () => {
    it('lists the marketing pages of the main domain in both languages with alternates and lastmod', async () => {
      const res = await t.client(MAIN_HOST).get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const xml = res.body;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const expected = SITEMAP_PATHS.flatMap((p) => [`http://localhost${p}`, `http://localhost${p}?lang=de`]);
      expect(locs(xml).sort()).toEqual(expected.sort());
      expect(locs(xml)).not.toContain('http://localhost/login');
      expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(expected.length);
      expect(xml).toContain('<xhtml:link rel="alternate" hreflang="de" href="http://localhost/pricing?lang=de"/>');
      expect(xml.match(/<xhtml:link /g)).toHaveLength(expected.length * 2);
    });

    it('robots.txt of the main domain allows the site, keeps crawlers out of the dashboard and sign-in, and names the sitemap', async () => {
      const res = await t.client(MAIN_HOST).get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = res.body.split('\n');
      expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /login', 'Disallow: /reset-password', 'Sitemap: http://localhost/sitemap.xml']));
    });

    it('a restaurant host lists its storefront and its published content pages only', async () => {
      const admin = t.client(DEMO_HOST, { token: await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password) });
      const page = (slug: string, isPublished: boolean) => ({
        slug,
        is_published: isPublished,
        sort_order: 0,
        translations: { en: { title: `Page ${slug}`, body_html: '<p>Text</p>' }, de: { title: '', body_html: '' } },
      });
      expect((await admin.post('/api/tenant/admin/cms-pages', page('wine-list', true))).statusCode).toBe(201);
      expect((await admin.post('/api/tenant/admin/cms-pages', page('secret-draft', false))).statusCode).toBe(201);

      const res = await t.client(DEMO_HOST).get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const paths = new Set(locs(res.body).map((loc) => new URL(loc!).pathname));
      expect([...paths].sort()).toEqual(['/', '/about', '/contact', '/p/wine-list', '/privacy', '/reservation', '/terms']);
      expect(locs(res.body)).toContain('http://demo.localhost/p/wine-list?lang=de');
      const today = new Date().toISOString().slice(0, 10);
      expect(res.body).toMatch(new RegExp(`<loc>http://demo.localhost/p/wine-list</loc>\\n    <lastmod>${today}</lastmod>`));
      // No marketing page leaks onto a restaurant's host.
      expect(res.body).not.toContain('/pricing');

      const robots = await t.client(DEMO_HOST).get('/robots.txt');
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.body.split('\n')).toEqual(expect.arrayContaining(['Disallow: /dashboard', 'Disallow: /checkout', 'Sitemap: http://demo.localhost/sitemap.xml']));
      expect(robots.body).not.toContain('Disallow: /\n');
    });

    it('answers 404 on an unknown host', async () => {
      for (const url of ['/sitemap.xml', '/robots.txt']) {
        expect((await t.client('nobody.localhost').get(url)).statusCode, url).toBe(404);
        expect((await t.client('unknown.example').get(url)).statusCode, url).toBe(404);
      }
    });
  });
});
