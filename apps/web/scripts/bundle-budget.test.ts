import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { entryKey, initialAssets, localeKey, totalGzip, type Manifest } from './bundle-budget.ts';

// A small build: the entry shares a vendor chunk with the landing page, whose form loads dynamically.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_vendor.js'], css: ['assets/card.css'] },
  'src/app/routes/storefront/storefront-layout.tsx': { file: 'assets/layout.js', imports: ['_card.js'] },
  'src/app/routes/storefront/landing-page.tsx': { file: 'assets/landing.js', imports: ['_card.js', '_vendor.js'], css: ['assets/card.css'] },
  'src/features/requests/components/reservation-form.tsx': { file: 'assets/form.js', imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  'src/locales/en/menu.json': { file: 'assets/menu-en.js' },
  'src/locales/de/menu.json': { file: 'assets/menu-de.js' },
  '../../packages/contracts/src/locales/de.json': { file: 'assets/shared-de.js' },
};

describe('initial assets of a route', () => {
  const landing = ['index.html', 'src/app/routes/storefront/storefront-layout.tsx', 'src/app/routes/storefront/landing-page.tsx'];

  it('counts the entry, the route modules and their static imports once each', () => {
    expect(initialAssets(manifest, landing).js).toEqual(['assets/index.js', 'assets/vendor.js', 'assets/layout.js', 'assets/card.js', 'assets/landing.js']);
  });

  it('leaves out what the page imports dynamically', () => {
    expect(initialAssets(manifest, landing).js).not.toContain('assets/form.js');
    expect(initialAssets(manifest, landing).js).not.toContain('assets/zod.js');
  });

  it('collects each stylesheet once', () => {
    expect(initialAssets(manifest, landing).css).toEqual(['assets/index.css', 'assets/card.css']);
  });

  it('refuses a module the build does not have, naming it', () => {
    expect(() => initialAssets(manifest, ['index.html', 'src/app/routes/storefront/gone.tsx'])).toThrow(/gone\.tsx is not in the build manifest/);
  });

  it('finds the HTML entry and the translation chunks per language', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(manifest[localeKey(manifest, 'de', 'menu')]!.file).toBe('assets/menu-de.js');
    expect(manifest[localeKey(manifest, 'de', 'shared')]!.file).toBe('assets/shared-de.js');
    expect(() => localeKey(manifest, 'en', 'shared')).toThrow(/en texts of namespace shared/);
  });
});

describe('gzip sizes', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-budget-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('adds up the compressed size of each file', () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    const a = 'const menu = ' + JSON.stringify(Array.from({ length: 200 }, (_, i) => `dish ${i}`)) + ';';
    const b = 'export const x = 1;';
    fs.writeFileSync(path.join(dist, 'assets/a.js'), a);
    fs.writeFileSync(path.join(dist, 'assets/b.js'), b);
    const expected = zlib.gzipSync(a).length + zlib.gzipSync(b).length;
    expect(totalGzip(dist, ['assets/a.js', 'assets/b.js'])).toBe(expected);
    expect(expected).toBeLessThan(a.length + b.length);
  });
});
