import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TCmsPage, TCmsPageInput, TCmsPageSummary, TPublicPage, TPublicPageLink } from '@tavolo/contracts/cms';
import { translate } from '@tavolo/contracts/i18n';
import { DEMO_HOST, describeEachDb, rowsOf, unknownId, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import { tenantSettings, tenants } from '../../db/schema/index.ts';
import { sanitizePageHtml } from './cms.sanitize.ts';

const ADMIN = '/api/tenant/admin/cms-pages';
const PUBLIC = '/api/tenant/public/pages';

const body = (overrides: Partial<TCmsPageInput> = {}): TCmsPageInput => ({
  slug: 'opening-night',
  is_published: true,
  sort_order: 0,
  translations: {
    en: { title: 'Opening night', body_html: '<p>Join us on <strong>Friday</strong>.</p>' },
    de: { title: 'Eröffnungsabend', body_html: '<p>Feiern Sie mit uns am <strong>Freitag</strong>.</p>' },
  },
  ...overrides,
});

describe('sanitizePageHtml', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Menu</h2><h3>Starters</h3><h4>Cold</h4><p>A <strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br>next</p>' +
      '<blockquote><p>quote</p></blockquote><ul><li>one</li></ul><ol><li>two</li></ol><hr><pre><code>x = 1</code></pre>';
    // Void elements come back in their XHTML spelling, which every browser reads the same.
    expect(sanitizePageHtml(html)).toBe(html.replace('<br>', '<br />').replace('<hr>', '<hr />'));
  });

  it('removes scripts, styles, event handlers and foreign tags, keeping their harmless text', () => {
    const out = sanitizePageHtml(
      '<p style="color:red" class="x" onclick="alert(1)">Hi<script>alert(1)</script></p><style>p{}</style><img src=x onerror="alert(1)">' +
        '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"><circle/></svg><div><span>kept text</span></div><h1>Big</h1>',
    );
    expect(out).toBe('<p>Hi</p>kept text<h2>Big</h2>');
  });

  it('allows only http, https and mailto links, and makes every link safe', () => {
    expect(sanitizePageHtml('<a href="https://example.com" target="_blank" onclick="x()">ok</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(sanitizePageHtml('<a href="mailto:a@b.example" target="_top" rel="opener">m</a>')).toBe('<a href="mailto:a@b.example" rel="noopener noreferrer nofollow">m</a>');
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:x', '//evil.example/x']) {
      const out = sanitizePageHtml(`<a href="${href}">x</a>`);
      expect(out, href).not.toMatch(/href=/);
      expect(out).toContain('x');
    }
    expect(sanitizePageHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).not.toMatch(/javascript|href/i);
  });
});

describeEachDb('content pages', (kind) => {
  const t = useTestApp(kind, { seed: true });
  let r: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let otherAdmin: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    ({ r, admin, manager, staff, otherAdmin } = await t.registerTeam('cms'));
    guest = t.client(r.host);
  });

  const create = async (input: TCmsPageInput, c: TestClient = admin) => {
    const res = await c.post(ADMIN, input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TCmsPage;
  };
  const list = async (c: TestClient = admin) => {
    const res = await c.get(ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TCmsPageSummary[];
  };
  const publicPage = (slug: string, lang = 'en', c: TestClient = guest) => c.get(`${PUBLIC}/${slug}`, { headers: { 'x-language': lang } });
  const pageCount = async () => Number(rowsOf(await t.db.execute(sql`select count(*)::int as n from cms_pages where tenant_id = ${r.tenantId}`))[0]!.n);

  describe('permissions', () => {
    it('admin and manager may manage pages; staff is forbidden; anonymous must sign in', async () => {
      expect((await admin.get(ADMIN)).statusCode).toBe(200);
      expect((await manager.get(ADMIN)).statusCode).toBe(200);
      const created = await create(body({ slug: 'by-manager' }), manager);
      expect(created.slug).toBe('by-manager');

      for (const [client, status] of [
        [staff, 403],
        [guest, 401],
      ] as const) {
        expect((await client.get(ADMIN)).statusCode).toBe(status);
        expect((await client.get(`${ADMIN}/${created.id}`)).statusCode).toBe(status);
        expect((await client.post(ADMIN, body({ slug: 'nope' }))).statusCode).toBe(status);
        expect((await client.put(`${ADMIN}/${created.id}`, body({ slug: 'nope' }))).statusCode).toBe(status);
        expect((await client.delete(`${ADMIN}/${created.id}`)).statusCode).toBe(status);
      }
      expect((await admin.get(`${ADMIN}/${created.id}`)).json().data.slug).toBe('by-manager');
      expect((await manager.delete(`${ADMIN}/${created.id}`)).statusCode).toBe(200);
    });
  });

  describe('validation', () => {
    const fieldErrors = async (input: unknown, lang = 'en') => {
      const before = await pageCount();
      const res = await admin.post(ADMIN, input, { headers: { 'x-language': lang } });
      expect(res.statusCode, res.body).toBe(422);
      expect(await pageCount()).toBe(before);
      return res.json().errors as Record<string, string[]>;
    };

    it('checks the slug: format, length and reserved storefront routes', async () => {
      for (const slug of ['a', 'x'.repeat(61), 'Has-Caps', 'with space', '-lead', 'trail-', 'double--hyphen', 'ümlaut', 'a/b', '']) {
        expect(Object.keys(await fieldErrors(body({ slug }))), slug).toEqual(['slug']);
      }
      for (const slug of ['login', 'dashboard', 'checkout', 'cart', 'contact', 'stock-check', 'api', 'uploads', 'pages', 'reset-password']) {
        expect((await fieldErrors(body({ slug })))).toEqual({ slug: ['This address is used by another page of the site. Choose another one.'] });
      }
      expect((await fieldErrors(body({ slug: 'p' }))).slug).toContain('This address is used by another page of the site. Choose another one.');
      expect((await fieldErrors(body({ slug: 'Bad Slug' }), 'de')).slug).toEqual([
        'Verwenden Sie 2 bis 60 Kleinbuchstaben, Ziffern und einzelne Bindestriche, nicht am Anfang oder Ende.',
      ]);
      expect((await create(body({ slug: 'x'.repeat(60) }))).slug).toBe('x'.repeat(60));
      expect((await create(body({ slug: 'ab', is_published: false }))).slug).toBe('ab');
    });

    it('needs a title in at least one language, and a title for every language that has text', async () => {
      const noTitles = body({ slug: 'untitled', translations: { en: { title: '  ', body_html: '' }, de: { title: '', body_html: '' } } });
      expect(await fieldErrors(noTitles)).toEqual({ 'translations.en.title': ['Give the page a title in at least one language.'] });

      const germanText = body({ slug: 'half', translations: { en: { title: 'Half', body_html: '<p>x</p>' }, de: { title: '', body_html: '<p>Nur Text</p>' } } });
      expect(await fieldErrors(germanText, 'de')).toEqual({
        'translations.de.title': ['Diese Sprache hat Text, aber keinen Titel. Fügen Sie einen Titel hinzu oder entfernen Sie den Text.'],
      });

      const long = body({ slug: 'long', translations: { en: { title: 'x'.repeat(151), body_html: '' }, de: { title: 'ok', body_html: 'y'.repeat(100_001) } } });
      expect(Object.keys(await fieldErrors(long)).sort()).toEqual(['translations.de.body_html', 'translations.en.title']);

      // One language is enough; the empty editor's "<p></p>" is no text.
      const englishOnly = await create(body({ slug: 'english-only', translations: { en: { title: 'Only English', body_html: '<p>Hi</p>' }, de: { title: '', body_html: '<p></p>' } } }));
      expect(englishOnly.translations.de).toEqual({ title: '', body_html: '' });
    });

    it('checks types, ranges and unknown ids', async () => {
      expect(Object.keys(await fieldErrors({ ...body({ slug: 'types' }), is_published: 'yes', sort_order: -1 })).sort()).toEqual(['is_published', 'sort_order']);
      expect(Object.keys(await fieldErrors({ slug: 'missing' })).length).toBeGreaterThan(0);
      expect(Object.keys(await fieldErrors({ ...body({ slug: 'no-de' }), translations: { en: { title: 'x', body_html: '' } } }))).toEqual(['translations.de']);
      expect((await admin.get(`${ADMIN}/not-a-uuid`)).statusCode).toBe(422);
      expect((await admin.get(`${ADMIN}/${unknownId()}`)).statusCode).toBe(404);
      expect((await admin.put(`${ADMIN}/${unknownId()}`, body({ slug: 'ghost' }))).statusCode).toBe(404);
      expect((await admin.delete(`${ADMIN}/${unknownId()}`)).statusCode).toBe(404);
    });
  });

  it('stores bodies sanitised, whatever the client sends', async () => {
    const page = await create(
      body({
        slug: 'hostile',
        translations: {
          en: {
            title: '<b>Title</b>',
            body_html:
              '<p onmouseover="steal()" style="background:url(javascript:x)">Safe <strong>bold</strong></p><script>document.cookie</script>' +
              '<img src="data:image/png;base64,AAAA" onerror="alert(1)"><a href="javascript:alert(1)">click</a><a href="data:text/html,<script>x</script>">d</a>' +
              '<a href="https://ok.example" target="_blank">ok</a>',
          },
          de: { title: 'Titel', body_html: '<p>Hallo<iframe src="https://evil.example"></iframe></p>' },
        },
      }),
    );
    const stored = rowsOf(await t.db.execute(sql`select language, body_html from cms_page_translations where tenant_id = ${r.tenantId} and page_id = ${page.id} order by language`));
    const en = String(stored.find((s) => s.language === 'en')!.body_html);
    expect(en).toBe(
      '<p>Safe <strong>bold</strong></p><a rel="noopener noreferrer nofollow">click</a><a rel="noopener noreferrer nofollow">d</a>' +
        '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(String(stored.find((s) => s.language === 'de')!.body_html)).toBe('<p>Hallo</p>');
    // Titles are plain text that React escapes; they are stored as typed.
    expect(page.translations.en.title).toBe('<b>Title</b>');

    const updated = await admin.put(`${ADMIN}/${page.id}`, body({ slug: 'hostile', translations: { en: { title: 'T', body_html: '<p onclick="x">u</p><script>y</script>' }, de: { title: '', body_html: '' } } }));
    expect(updated.json().data.translations).toEqual({ en: { title: 'T', body_html: '<p>u</p>' }, de: { title: '', body_html: '' } });
  });

  it('lists the standard pages even before they are written, then the custom pages', async () => {
    const fresh = await t.registerTenant({ domain: 'cms-fresh', status: 'active' });
    const owner = t.client(fresh.host, { token: await t.loginAs(fresh.host, fresh.email, fresh.password) });
    expect(await list(owner)).toEqual(
      ['about', 'privacy', 'terms'].map((slug) => ({ id: null, slug, is_standard: true, is_published: false, sort_order: 0, titles: { en: '', de: '' }, updated_at: null })),
    );
    // A standard page replaces its default text only with text of its own: a title alone is refused while published.
    const empty = await owner.post(ADMIN, body({ slug: 'privacy', translations: { en: { title: 'Privacy', body_html: '<p> </p>' }, de: { title: '', body_html: '' } } }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ 'translations.en.body_html': [translate('en', 'validation.page_text_required')] });
    const about = await create(body({ slug: 'about', translations: { en: { title: 'About us', body_html: '<p>Since 1998.</p>' }, de: { title: 'Über uns', body_html: '<p>Seit 1998.</p>' } } }), owner);
    await create(body({ slug: 'b-custom', sort_order: 2 }), owner);
    await create(body({ slug: 'a-custom', sort_order: 1, translations: { en: { title: '', body_html: '' }, de: { title: 'Nur Deutsch', body_html: '' } } }), owner);
    const rows = await list(owner);
    expect(rows.map((p) => [p.slug, p.id !== null, p.is_standard])).toEqual([
      ['about', true, true],
      ['privacy', false, true],
      ['terms', false, true],
      ['a-custom', true, false],
      ['b-custom', true, false],
    ]);
    expect(rows[0]).toMatchObject({ id: about.id, titles: { en: 'About us', de: 'Über uns' }, is_published: true });
    expect(rows[3]!.titles).toEqual({ en: '', de: 'Nur Deutsch' });
    expect(typeof rows[0]!.updated_at).toBe('string');
  });

  it('refuses a duplicate slug on create and update, in the caller’s language', async () => {
    const first = await create(body({ slug: 'menu-notes' }));
    const second = await create(body({ slug: 'menu-notes-2' }));
    const dup = await admin.post(ADMIN, body({ slug: 'menu-notes' }), { headers: { 'x-language': 'de' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ slug: ['Eine Seite mit dieser Adresse existiert bereits.'] });
    const rename = await admin.put(`${ADMIN}/${second.id}`, body({ slug: 'menu-notes' }));
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors).toEqual({ slug: ['A page with this address already exists.'] });
    // Saving a page under its own slug is no conflict; another tenant may use the same slug.
    expect((await admin.put(`${ADMIN}/${first.id}`, body({ slug: 'menu-notes', is_published: false }))).statusCode).toBe(200);
    expect((await otherAdmin.post(ADMIN, body({ slug: 'menu-notes' }))).statusCode).toBe(201);
  });

  it('two saves racing for one slug: one wins, the other gets the slug error', async () => {
    const results = await Promise.all([admin.post(ADMIN, body({ slug: 'race' })), admin.post(ADMIN, body({ slug: 'race' }))]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((res) => res.statusCode === 409)!.json().errors.slug).toHaveLength(1);
  });

  it('standard pages keep their slug and cannot be deleted, but can be unpublished', async () => {
    const about = (await list()).find((p) => p.slug === 'about')!.id ?? (await create(body({ slug: 'about' }))).id;
    const renamed = await admin.put(`${ADMIN}/${about}`, body({ slug: 'about-us' }));
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ slug: ['The address of a standard page cannot be changed.'] });

    const del = await admin.delete(`${ADMIN}/${about}`, { headers: { 'x-language': 'de' } });
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toMatch(/können nicht gelöscht werden/);
    expect((await admin.get(`${ADMIN}/${about}`)).statusCode).toBe(200);

    const off = await admin.put(`${ADMIN}/${about}`, body({ slug: 'about', is_published: false }));
    expect(off.statusCode).toBe(200);
    expect(off.json().data.is_published).toBe(false);
  });

  it('deletes a custom page with its translations', async () => {
    const page = await create(body({ slug: 'to-delete' }));
    const res = await admin.delete(`${ADMIN}/${page.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Item deleted successfully');
    expect((await admin.get(`${ADMIN}/${page.id}`)).statusCode).toBe(404);
    const left = rowsOf(await t.db.execute(sql`select count(*)::int as n from cms_page_translations where tenant_id = ${r.tenantId} and page_id = ${page.id}`));
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('writes a page and its translations together or not at all', async () => {
    // A trigger that fails the translation insert after the page row was written in the same transaction.
    await t.db.execute(
      sql.raw(`create or replace function cms_boom() returns trigger language plpgsql as $$
        begin if new.title = 'boom' then raise exception 'boom'; end if; return new; end $$`),
    );
    await t.db.execute(sql.raw('create trigger cms_boom before insert on cms_page_translations for each row execute function cms_boom()'));
    try {
      const before = await pageCount();
      const res = await admin.post(ADMIN, body({ slug: 'half-write', translations: { en: { title: 'fine', body_html: '' }, de: { title: 'boom', body_html: '' } } }));
      expect(res.statusCode).toBe(500);
      expect(await pageCount()).toBe(before);

      const page = await create(body({ slug: 'kept-whole', is_published: false }));
      const failed = await admin.put(`${ADMIN}/${page.id}`, body({ slug: 'renamed-whole', is_published: true, translations: { en: { title: 'boom', body_html: '' }, de: { title: '', body_html: '' } } }));
      expect(failed.statusCode).toBe(500);
      const after = (await admin.get(`${ADMIN}/${page.id}`)).json().data as TCmsPage;
      expect(after).toMatchObject({ slug: 'kept-whole', is_published: false, translations: page.translations });
    } finally {
      await t.db.execute(sql.raw('drop trigger cms_boom on cms_page_translations'));
      await t.db.execute(sql.raw('drop function cms_boom()'));
    }
  });

  describe('storefront', () => {
    it('shows a published page, hides it when unpublished, and 404s unknown pages', async () => {
      const page = await create(body({ slug: 'summer-menu', is_published: false }));
      expect((await publicPage('summer-menu')).statusCode).toBe(404);
      expect((await publicPage('summer-menu')).json().code).toBe('NOT_FOUND');

      await admin.put(`${ADMIN}/${page.id}`, body({ slug: 'summer-menu', is_published: true }));
      const res = await publicPage('summer-menu');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ slug: 'summer-menu', title: 'Opening night', body_html: '<p>Join us on <strong>Friday</strong>.</p>', language: 'en', is_default: false });
      expect(((await guest.get(PUBLIC)).json().data as TPublicPageLink[]).map((l) => l.slug)).toContain('summer-menu');

      await admin.put(`${ADMIN}/${page.id}`, body({ slug: 'summer-menu', is_published: false }));
      expect((await publicPage('summer-menu')).statusCode).toBe(404);
      expect(((await guest.get(PUBLIC)).json().data as TPublicPageLink[]).map((l) => l.slug)).not.toContain('summer-menu');
      expect((await publicPage('no-such-page')).statusCode).toBe(404);
      // The public routes belong to restaurant hosts only.
      expect((await t.client('localhost').get(`${PUBLIC}/summer-menu`)).statusCode).toBe(404);
    });

    it('answers in the visitor’s language and falls back to the other one when that is empty', async () => {
      await create(body({ slug: 'bilingual' }));
      expect((await publicPage('bilingual', 'de')).json().data).toMatchObject({ title: 'Eröffnungsabend', language: 'de' });
      expect((await publicPage('bilingual', 'en')).json().data).toMatchObject({ title: 'Opening night', language: 'en' });

      await create(body({ slug: 'german-only', translations: { en: { title: '', body_html: '' }, de: { title: 'Nur auf Deutsch', body_html: '<p>Hallo</p>' } } }));
      expect((await publicPage('german-only', 'en')).json().data).toMatchObject({ title: 'Nur auf Deutsch', body_html: '<p>Hallo</p>', language: 'de' });
      const links = (await guest.get(PUBLIC, { headers: { 'x-language': 'en' } })).json().data as TPublicPageLink[];
      expect(links.find((l) => l.slug === 'german-only')).toEqual({ slug: 'german-only', title: 'Nur auf Deutsch', is_standard: false, path: '/p/german-only' });
    });

    it('shows default standard pages built from the restaurant’s details until it publishes its own', async () => {
      const fresh = await t.registerTenant({ domain: 'cms-defaults', restaurant_name: 'Zur Linde & Sohn', status: 'active' });
      const visitor = t.client(fresh.host);
      for (const slug of ['about', 'privacy', 'terms']) {
        for (const lang of ['en', 'de']) {
          const res = await publicPage(slug, lang, visitor);
          expect(res.statusCode, `${slug} ${lang}`).toBe(200);
          const page = res.json().data as TPublicPage;
          expect(page).toMatchObject({ slug, language: lang, is_default: true, updated_at: null });
          expect(page.body_html).toContain(fresh.email);
          expect(page.body_html).toContain('Zur Linde &amp; Sohn');
          expect(sanitizePageHtml(page.body_html)).toBe(page.body_html);
        }
      }
      expect((await publicPage('about', 'en', visitor)).json().data.title).toBe('About Zur Linde & Sohn');
      expect((await publicPage('about', 'de', visitor)).json().data.title).toBe('Über Zur Linde & Sohn');
      expect((await publicPage('privacy', 'de', visitor)).json().data.title).toBe('Datenschutzerklärung');
      expect((await publicPage('about', 'en', visitor)).json().data.body_html).toContain('1 Main Street');

      const links = (await visitor.get(PUBLIC, { headers: { 'x-language': 'de' } })).json().data as TPublicPageLink[];
      expect(links).toEqual([
        { slug: 'about', title: 'Über Zur Linde & Sohn', is_standard: true, path: '/about' },
        { slug: 'privacy', title: 'Datenschutzerklärung', is_standard: true, path: '/privacy' },
        { slug: 'terms', title: 'Allgemeine Geschäftsbedingungen', is_standard: true, path: '/terms' },
      ]);

      // Written and published: the restaurant's text; unpublished again: the default.
      const owner = t.client(fresh.host, { token: await t.loginAs(fresh.host, fresh.email, fresh.password) });
      const own = await create(body({ slug: 'about', translations: { en: { title: 'Our story', body_html: '<p>Since 1950.</p>' }, de: { title: '', body_html: '' } } }), owner);
      expect((await publicPage('about', 'en', visitor)).json().data).toMatchObject({ title: 'Our story', is_default: false });
      expect((await publicPage('about', 'de', visitor)).json().data).toMatchObject({ title: 'Our story', language: 'en', is_default: false });
      await owner.put(`${ADMIN}/${own.id}`, body({ slug: 'about', is_published: false, translations: own.translations }));
      expect((await publicPage('about', 'en', visitor)).json().data).toMatchObject({ title: 'About Zur Linde & Sohn', is_default: true });
    });

    it('the default About page offers only what the restaurant does: its order types while open, nothing while closed', async () => {
      const fresh = await t.registerTenant({ domain: 'cms-offer', status: 'active' });
      const visitor = t.client(fresh.host);
      const about = async (lang: 'en' | 'de') => ((await publicPage('about', lang, visitor)).json().data as TPublicPage).body_html;
      // A new restaurant: pickup on, delivery off.
      expect(await about('en')).toContain('<p>You can order online for pickup, and reserve a table on our website.</p>');
      expect(await about('de')).toContain('<p>Auf unserer Website können Sie online zur Abholung bestellen und einen Tisch reservieren.</p>');
      await t.db.update(tenantSettings).set({ pickupEnabled: false, deliveryEnabled: true }).where(eq(tenantSettings.tenantId, fresh.tenantId));
      expect(await about('en')).toContain('You can order online for delivery, and reserve');
      await t.db.update(tenantSettings).set({ pickupEnabled: true }).where(eq(tenantSettings.tenantId, fresh.tenantId));
      expect(await about('en')).toContain('for pickup or delivery');
      await t.db.update(tenantSettings).set({ pickupEnabled: false, deliveryEnabled: false }).where(eq(tenantSettings.tenantId, fresh.tenantId));
      expect(await about('en')).toContain('<p>You can reserve a table on our website.</p>');
      expect(await about('en')).not.toContain('order online');
      // Suspended (or not yet approved): the page stays, with its address and contact, but promises nothing.
      for (const status of ['suspended', 'pending'] as const) {
        await t.db.update(tenants).set({ status }).where(eq(tenants.id, fresh.tenantId));
        t.app.tenants.invalidate(fresh.slug);
        for (const lang of ['en', 'de'] as const) {
          const html = await about(lang);
          expect(html).toContain(fresh.email);
          expect(html).not.toMatch(/reserve|reservieren|bestellen|order online/);
        }
      }
    });

    it('never shows another restaurant’s pages', async () => {
      await t.client(r.host, { token: admin.token }).post(ADMIN, body({ slug: 'secret-recipe', translations: { en: { title: 'Secret recipe', body_html: '<p>x</p>' }, de: { title: '', body_html: '' } } }));
      const otherGuest = t.client(otherAdmin.host);
      expect((await publicPage('secret-recipe', 'en', otherGuest)).statusCode).toBe(404);
      expect(JSON.stringify((await otherGuest.get(PUBLIC)).json())).not.toContain('Secret recipe');
      expect(JSON.stringify((await otherAdmin.get(ADMIN)).json())).not.toContain('secret-recipe');
    });

    it('the demo restaurant has a published About page in both languages', async () => {
      const demo = t.client(DEMO_HOST);
      expect((await publicPage('about', 'en', demo)).json().data).toMatchObject({ title: 'Our story', is_default: false, language: 'en' });
      expect((await publicPage('about', 'de', demo)).json().data).toMatchObject({ title: 'Unsere Geschichte', is_default: false, language: 'de' });
      expect((await publicPage('privacy', 'en', demo)).json().data.is_default).toBe(true);
    });
  });
});
