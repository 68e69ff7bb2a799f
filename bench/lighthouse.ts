/**
 * `npm run bench:lighthouse` (issue #11, "Front end"): Lighthouse's performance, accessibility and best-practices
 * scores, with FCP / LCP / TBT / CLS, for the storefront landing, the checkout and the marketing home, on
 * Lighthouse's default mobile profile (a mid-range phone on a slow 4G network, simulated). Writes them into
 * bench/README.md (section bench:lighthouse).
 *
 * Builds nothing: it serves the web build in apps/web/dist, so run `npm run build` first (or point WEB_DIST at
 * another build). The real server (`startRealServer`, as `npm start` runs it) gets a fresh PGlite DATA_DIR with
 * the demo restaurant; Chromium is Debian's (/usr/bin/chromium, or CHROME_PATH), headless.
 *
 *   LIGHTHOUSE_RUNS=3     runs per page; the run with the median performance score is reported
 *   BENCH_NOTE="..."      what else was running on the machine, printed next to the load average
 *   BENCH_DRY=1           print the figures but leave bench/README.md alone (a trial run)
 *   LIGHTHOUSE_SAVE=dir   also keep every run's full report (JSON) there, to see what a score is made of
 *   LIGHTHOUSE_PAGES=checkout,landing   only the pages whose name contains one of these (a trial; implies BENCH_DRY)
 *
 * Every run starts with an empty HTTP cache (Lighthouse's own storage reset, as on a first visit); the checkout's
 * runs keep localStorage, where the cart is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { repoRoot, startRealServer } from '../apps/server/src/test/real-server.ts';
import { fmt, writeSection } from './shared.ts';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist}/index.html is missing: build the web app first (npm run build) or set WEB_DIST.`);
  process.exit(1);
}
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('LIGHTHOUSE_RUNS must be a whole number from 1 to 20.');
  process.exit(1);
}

type Page = { name: string; url: string; prepare?: (browser: Browser) => Promise<void> };
type Row = { page: Page; result: Result };

const loadBefore = os.loadavg();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-lighthouse-'));
const server = await startRealServer({ env: { WEB_DIST: webDist, SEED_DEMO: 'true', DATA_DIR: dataDir, DATABASE_URL: '' }, readyTimeoutMs: 180_000 });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});

try {
  const shop = `http://demo.localhost:${server.port}`;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

  /** A dish that goes straight into the cart (no required choices), stored as the storefront stores its cart. */
  const fillCart = async () => {
    const tab = await browser.newPage();
    await tab.goto(`${shop}/build/favicon.svg`);
    await tab.evaluate(async () => {
      type Dish = { id: string; name: string; image: string | null; price_cents: number; final_price_cents: number; discount: unknown; available: boolean; option_groups?: unknown[] };
      const res = await fetch('/api/tenant/public/products?per_page=48&is_active=1');
      const dishes = ((await res.json()) as { data: { data: Dish[] } }).data.data;
      const dish = dishes.find((d) => d.available && !d.option_groups?.length);
      if (!dish) throw new Error('the demo restaurant has no dish to put in the cart');
      const { id, name, image, price_cents, final_price_cents, discount } = dish;
      localStorage.setItem('cart:demo', JSON.stringify([{ product: { id, name, image, price_cents, final_price_cents, discount }, quantity: 2, options: [] }]));
    });
    await tab.close();
  };

  const pages: Page[] = [
    { name: 'Storefront landing', url: `${shop}/` },
    { name: 'Checkout (two dishes in the cart)', url: `${shop}/checkout`, prepare: fillCart },
    { name: 'Marketing home', url: `http://localhost:${server.port}/` },
  ];

  const only = process.env.LIGHTHOUSE_PAGES?.toLowerCase().split(',').filter(Boolean);
  const rows: Row[] = [];
  for (const page of pages.filter(({ name }) => !only || only.some((part) => name.toLowerCase().includes(part)))) {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) {
      await page.prepare?.(browser);
      // Lighthouse empties the HTTP cache before each run (a cached bundle would make any page fast). A prepared page
      // keeps the rest of its origin's storage (local_storage holds the cart); the others lose all of it, as on a first
      // visit. disableStorageReset would keep the HTTP cache of the earlier runs too: the checkout's 97 was measured so.
      const clearStorageTypes: Flags['clearStorageTypes'] = page.prepare ? ['cache_storage', 'service_workers', 'file_systems', 'shader_cache'] : ['all'];
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', clearStorageTypes };
      const lhr = await audit(page.url, flags);
      results.push(lhr);
      if (process.env.LIGHTHOUSE_SAVE) {
        fs.mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${page.name.split(' ')[0]!.toLowerCase()}-${i + 1}.json`), JSON.stringify(lhr));
      }
      console.log(`${page.name} run ${i + 1}/${runs}: performance ${score(lhr, 'performance')}`);
    }
    results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    rows.push({ page, result: results[Math.floor(results.length / 2)]! });
  }
  await browser.disconnect();

  const loadAfter = os.loadavg();
  const table = [
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ page, result }) =>
      [
        page.name,
        score(result, 'performance'),
        score(result, 'accessibility'),
        score(result, 'best-practices'),
        `${fmt(metric(result, 'first-contentful-paint') / 1000, 1)} s`,
        `${fmt(metric(result, 'largest-contentful-paint') / 1000, 1)} s`,
        `${fmt(metric(result, 'total-blocking-time'))} ms`,
        fmt(metric(result, 'cumulative-layout-shift'), 3),
      ].join(' | '),
    ).map((line) => `| ${line} |`),
  ].join('\n');
  // What Lighthouse flags (failed checks and opportunities, not the metrics above), one line per finding.
  const flagged = new Map<string, string[]>();
  for (const { page, result } of rows) {
    for (const audit of Object.values(result.audits)) {
      if (audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'informative') continue;
      flagged.set(audit.title, [...(flagged.get(audit.title) ?? []), `${page.name}${audit.displayValue ? ` (${audit.displayValue})` : ''}`]);
    }
  }
  const failing = [...flagged].map(([title, where]) => `- ${title}: ${where.join('; ')}`).join('\n');
  const first = rows[0]!.result;
  const section = [
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/HeadlessChrome\/[\d.]+|Chrome\/[\d.]+/)?.[0] ?? 'Chromium'},`,
    `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before, ${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after${process.env.BENCH_NOTE ? ` (${process.env.BENCH_NOTE})` : ''}.`,
    `Mobile profile (simulated slow 4G, 4× CPU slowdown), median of ${runs} run${runs > 1 ? 's' : ''} by performance score; benchmark index ${fmt(first.environment.benchmarkIndex)}.`,
    '',
    table,
    '',
    failing ? `Audits below 0.9 in those runs:\n\n${failing}` : 'No audit below 0.9 in those runs.',
  ].join('\n');
  console.log(`\n${section}`);
  if (process.env.BENCH_DRY === '1' || only) {
    console.log('\nBENCH_DRY=1: bench/README.md left as it was');
  } else {
    writeSection('lighthouse', section);
    console.log('\nbench/README.md updated (lighthouse section)');
  }
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** One Lighthouse run; a run whose trace Lighthouse could not record (e.g. NO_NAVSTART on a busy machine) is retried once. */
async function audit(url: string, flags: Flags, attempt = 1): Promise<Result> {
  const runner = await lighthouse(url, flags);
  const error = runner ? runner.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
  if (!error) return runner!.lhr;
  if (attempt < 2) {
    console.warn(`${url}: ${error.code}, running it again`);
    return audit(url, flags, attempt + 1);
  }
  throw new Error(`${url}: ${error.message}`);
}

function score(result: Result, category: string) {
  const value = result.categories[category]?.score;
  return value === null || value === undefined ? '-' : String(Math.round(value * 100));
}

function metric(result: Result, id: string) {
  return result.audits[id]?.numericValue ?? Number.NaN;
}
