import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BANNER_WIDTHS,
  DEFAULT_APPEARANCE,
  THEME_NAMES,
  THEME_PRESETS,
  TEXT_ON_DARK,
  TEXT_ON_LIGHT,
  TEXT_SWITCH_LUMINANCE,
  checkPrimaryContrast,
  contrastRatio,
  relativeLuminance,
  textColorOn,
  type TAppearance,
  type TPublicAppearance,
  type TUploadedBanner,
} from '@tavolo/contracts/appearance';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { describeEachDb, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';

const ADMIN_URL = '/api/tenant/admin/appearance';
const BANNER_URL = '/api/tenant/admin/appearance/banner';
const PUBLIC_URL = '/api/tenant/public/appearance';

const looks = (overrides: Partial<TAppearance> = {}): TAppearance => ({
  theme: 'coastal',
  primary_color: '#1a5f8f',
  accent_color: '#5ec4c9',
  menu_layout: 'list',
  header_style: 'centered',
  banner_image: null,
  ...overrides,
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

describe('colour contrast helper', () => {
  it('matches the WCAG reference values', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6);
    // WebAIM's checker: #767676 on white is the classic 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('picks white on dark colours, near-black on light ones, and the better of the two everywhere', () => {
    expect(textColorOn('#1f2a3c')).toBe(TEXT_ON_DARK);
    expect(textColorOn('#ffe066')).toBe(TEXT_ON_LIGHT);
    for (let v = 0; v < 256; v += 5) {
      const grey = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const chosen = contrastRatio(grey, textColorOn(grey));
      expect(chosen).toBeGreaterThanOrEqual(Math.max(contrastRatio(grey, TEXT_ON_DARK), contrastRatio(grey, TEXT_ON_LIGHT)) - 1e-9);
      // The switch point Mantine's autoContrast uses agrees with the helper.
      expect(relativeLuminance(grey) > TEXT_SWITCH_LUMINANCE).toBe(textColorOn(grey) === TEXT_ON_LIGHT);
    }
  });

  it('every preset passes the primary check, with button text at AA for normal text', () => {
    for (const name of THEME_NAMES) {
      const check = checkPrimaryContrast(THEME_PRESETS[name].primary_color);
      expect(check.ok, name).toBe(true);
      expect(check.text_ratio, name).toBeGreaterThanOrEqual(4.5);
    }
    expect(checkPrimaryContrast('#ffe066').ok).toBe(false);
    expect(checkPrimaryContrast('#fd7e14').ok).toBe(false);
    expect(checkPrimaryContrast('#e8590c').ok).toBe(true);
  });
});

describeEachDb('storefront looks', (kind) => {
  const t = useTestApp(kind);
  let r: RegisteredTenant;
  let admin: TestClient;
  let manager: TestClient;
  let staff: TestClient;
  let otherAdmin: TestClient;
  let guest: TestClient;
  let otherGuest: TestClient;

  beforeAll(async () => {
    let other: RegisteredTenant;
    ({ r, admin, manager, staff, other, otherAdmin } = await t.registerTeam('looks'));
    guest = t.client(r.host);
    otherGuest = t.client(other.host);
  });

  const publicLooks = async (c: TestClient = guest) => {
    const res = await c.get(PUBLIC_URL);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TPublicAppearance;
  };

  const upload = (c: TestClient, content: Buffer, type = 'image/jpeg', headers: Record<string, string> = {}, field = 'file') => {
    const body = multipart('banner', content, type, field);
    return c.post(BANNER_URL, undefined, { payload: body.payload, headers: { ...body.headers, ...headers } });
  };

  it('a restaurant that never chose gets the defaults, privately and publicly', async () => {
    const res = await admin.get(ADMIN_URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(DEFAULT_APPEARANCE);
    expect(await publicLooks()).toEqual({ ...DEFAULT_APPEARANCE, on_primary_color: TEXT_ON_DARK, on_accent_color: TEXT_ON_LIGHT });
  });

  it('a save is read back at once by the storefront, and the other restaurant is untouched', async () => {
    const res = await admin.put(ADMIN_URL, looks({ primary_color: '#1A5F8F' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Changes saved successfully', data: looks() });
    expect((await admin.get(ADMIN_URL)).json().data).toEqual(looks());
    expect(await publicLooks()).toEqual({ ...looks(), on_primary_color: TEXT_ON_DARK, on_accent_color: TEXT_ON_LIGHT });
    expect(await publicLooks(otherGuest)).toMatchObject(DEFAULT_APPEARANCE);

    // A second save updates the same row.
    const again = await admin.put(ADMIN_URL, looks({ theme: 'fresh', primary_color: '#e8590c', menu_layout: 'grid', header_style: 'banner' }), {
      headers: { 'accept-language': 'de' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Änderungen erfolgreich gespeichert');
    const shown = await publicLooks();
    expect(shown).toMatchObject({ theme: 'fresh', primary_color: '#e8590c', menu_layout: 'grid', header_style: 'banner', on_primary_color: TEXT_ON_LIGHT });
  });

  it('validates every field with translated messages', async () => {
    const res = await admin.put(ADMIN_URL, {
      theme: 'neon',
      primary_color: 'red',
      accent_color: '#12345',
      menu_layout: 'masonry',
      header_style: 'huge',
      banner_image: 42,
      extra: true,
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['accent_color', 'banner_image', 'extra', 'header_style', 'menu_layout', 'primary_color', 'theme'].sort());
    expect(errors.primary_color).toEqual(['Enter a colour as #rrggbb, for example #b23a1e.']);
    expect(errors.theme).toEqual(['Choose one of the offered options.']);

    const missing = await admin.put(ADMIN_URL, {}, { headers: { 'accept-language': 'de' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.primary_color).toEqual(['Dieses Feld ist erforderlich.']);
  });

  it('refuses a primary colour too pale to read, on the field, in the guest language', async () => {
    const before = await publicLooks();
    for (const pale of ['#ffe066', '#fd7e14', '#ffffff', '#a5d8ff']) {
      const res = await admin.put(ADMIN_URL, looks({ primary_color: pale }));
      expect(res.statusCode, pale).toBe(422);
      expect(res.json().errors).toEqual({ primary_color: [expect.stringMatching(/too light to read.*3:1/)] });
    }
    const de = await admin.put(ADMIN_URL, looks({ primary_color: '#ffe066' }), { headers: { 'accept-language': 'de' } });
    expect(de.json().errors.primary_color[0]).toMatch(/zu hell/);
    expect(await publicLooks()).toEqual(before);
    // The accent is decoration with computed text on it: a pale accent is fine.
    const pastel = await admin.put(ADMIN_URL, looks({ accent_color: '#ffe066' }));
    expect(pastel.statusCode, pastel.body).toBe(200);
    expect((await publicLooks()).on_accent_color).toBe(TEXT_ON_LIGHT);
  });

  it('only an admin may see or change the looks; guests only read the public view', async () => {
    const before = await publicLooks();
    for (const c of [manager, staff]) {
      expect((await c.get(ADMIN_URL)).statusCode).toBe(403);
      expect((await c.put(ADMIN_URL, looks({ primary_color: '#000000' }))).statusCode).toBe(403);
      expect((await upload(c, await jpeg(100, 50))).statusCode).toBe(403);
    }
    expect((await guest.get(ADMIN_URL)).statusCode).toBe(401);
    expect((await guest.put(ADMIN_URL, looks())).statusCode).toBe(401);
    // Another restaurant's admin, on this host: its token is not valid here.
    const intruder = t.client(r.host, { token: otherAdmin.token });
    expect((await intruder.get(ADMIN_URL)).statusCode).toBe(401);
    expect((await intruder.put(ADMIN_URL, looks({ primary_color: '#000000' }))).statusCode).toBe(401);
    expect((await otherAdmin.get(ADMIN_URL)).json().data).toEqual(DEFAULT_APPEARANCE);
    expect(await publicLooks()).toEqual(before);
  });

  describe('banner upload', () => {
    it('stores the image as WebP in three widths, makes it the banner, and removes the old one on replace', async () => {
      const res = await upload(admin, await jpeg(2400, 800));
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data as TUploadedBanner;
      const url = data.appearance.banner_image!;
      expect(url).toMatch(new RegExp(`^/uploads/t/${r.tenantId}/[0-9a-f-]{36}-1280\\.webp$`));
      const base = url.replace(/-1280\.webp$/, '');
      expect(data.srcset).toBe(BANNER_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', '));
      for (const width of BANNER_WIDTHS) {
        const meta = await sharp(fs.readFileSync(path.join(t.dataDir, `${base}-${width}.webp`))).metadata();
        expect(meta).toMatchObject({ format: 'webp', width });
      }
      expect((await publicLooks()).banner_image).toBe(url);
      const served = await guest.get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      // A save keeps it (the rest of the looks change, the banner stays).
      const kept = await admin.put(ADMIN_URL, looks({ banner_image: url, header_style: 'banner' }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data.banner_image).toBe(url);

      const next = (await upload(admin, await jpeg(800, 300))).json().data as TUploadedBanner;
      expect(next.appearance).toMatchObject({ header_style: 'banner', theme: 'coastal' });
      expect(next.appearance.banner_image).not.toBe(url);
      for (const width of BANNER_WIDTHS) expect(fs.existsSync(path.join(t.dataDir, `${base}-${width}.webp`))).toBe(false);

      // Removing it with a save deletes its files too.
      const nextBase = next.appearance.banner_image!.replace(/-1280\.webp$/, '');
      const removed = await admin.put(ADMIN_URL, looks({ banner_image: null }));
      expect(removed.json().data.banner_image).toBeNull();
      expect((await publicLooks()).banner_image).toBeNull();
      for (const width of BANNER_WIDTHS) expect(fs.existsSync(path.join(t.dataDir, `${nextBase}-${width}.webp`))).toBe(false);
    });

    it('a save cannot point the banner at any other file', async () => {
      for (const foreign of [`/uploads/t/${r.tenantId}/${crypto.randomUUID()}-1280.webp`, 'https://evil.example.com/x.webp', '/etc/passwd']) {
        const res = await admin.put(ADMIN_URL, looks({ banner_image: foreign }));
        expect(res.statusCode, foreign).toBe(422);
        expect(res.json().errors).toEqual({ banner_image: ['This banner image does not belong to this restaurant. Upload it again.'] });
      }
    });

    it('checks the content, not the name: non-images, empty, missing and oversized files are refused', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      for (const [content, type] of [
        [svg, 'image/jpeg'],
        [Buffer.from('plain text'), 'image/png'],
      ] as const) {
        const res = await upload(admin, content, type);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ file: ['The file is not a supported image. Upload a JPEG, PNG, WebP, GIF or AVIF picture.'] });
      }
      for (const res of [await upload(admin, await jpeg(10, 10), 'image/jpeg', {}, 'picture'), await admin.post(BANNER_URL, { file: 'x' }), await upload(admin, Buffer.alloc(0))]) {
        expect(res.statusCode, res.body).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['file']);
      }
      const huge = await upload(admin, Buffer.concat([await jpeg(10, 10), randomBytes(IMAGE_MAX_BYTES)]));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().errors.file).toEqual(['The image is too big. The maximum is 5 MB.']);
      expect((await publicLooks()).banner_image).toBeNull();
    });
  });
});
