/**
 * `npm run check:budget -w @tavolo/web` (issue #11): initial JavaScript and CSS (gzip) per public route of the built
 * web app, and the storefront landing's budget, enforced. Needs a build (`npm run build`); runs in `npm test` right
 * after it, so a change that makes the landing heavier than its budget fails CI.
 *
 *   --dist <dir>   the build to measure (default apps/web/dist)
 *   --write        also write the table into bench/README.md (section bench:bundle)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '@tavolo/contracts/i18n';
import { writeSection } from '../../../bench/shared.ts';
import { BASE_NAMESPACES, ROUTE_NAMESPACES } from '../src/app/namespaces.ts';
import { entryKey, initialAssets, localeKey, totalGzip, type Manifest } from './bundle-budget.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;

/**
 * Budget of the storefront landing page, the page most guests see first (issue #11): a change that pulls, say, Zod
 * (+26 KB) or a Mantine component into its first load fails `npm test`.
 */
export const LANDING_BUDGET_KB = 150;

const storefront = 'src/app/routes/storefront/storefront-layout.tsx';
const marketing = 'src/app/routes/marketing/marketing-layout.tsx';
// The dashboards load every namespace (their pages mix many); their list is the locale folder.
const allNamespaces = fs.readdirSync(path.join(webDir, 'src/locales/en')).map((file) => file.replace(/\.json$/, ''));

type Route = { name: string; url: string; modules: string[]; namespaces: readonly string[]; budgetKb?: number };

/** Each route's layout and page modules, as tenant-site.tsx and platform-site.tsx load them. */
const routes: Route[] = [
  {
    name: 'Storefront landing',
    url: 'demo.localhost/',
    modules: [storefront, 'src/app/routes/storefront/landing-page.tsx'],
    namespaces: [...ROUTE_NAMESPACES.storefrontLayout, ...ROUTE_NAMESPACES.storefrontLanding],
    budgetKb: LANDING_BUDGET_KB,
  },
  {
    name: 'Storefront checkout',
    url: 'demo.localhost/checkout',
    modules: [storefront, 'src/app/routes/storefront/checkout-page.tsx'],
    namespaces: [...ROUTE_NAMESPACES.storefrontLayout, ...ROUTE_NAMESPACES.checkout],
  },
  {
    name: 'Storefront reservations',
    url: 'demo.localhost/reservation',
    modules: [storefront, 'src/app/routes/storefront/reservation-page.tsx'],
    namespaces: [...ROUTE_NAMESPACES.storefrontLayout, ...ROUTE_NAMESPACES.guestForms],
  },
  {
    name: 'Staff sign-in',
    url: 'demo.localhost/login',
    modules: [storefront, 'src/features/auth/components/login-page.tsx'],
    namespaces: [...ROUTE_NAMESPACES.storefrontLayout, ...ROUTE_NAMESPACES.auth],
  },
  {
    name: 'Dashboard home',
    url: 'demo.localhost/dashboard/home',
    modules: ['src/app/routes/dashboard/dashboard-layout.tsx', 'src/app/routes/dashboard/home-page.tsx'],
    namespaces: allNamespaces,
  },
  {
    name: 'Marketing home',
    url: 'localhost/',
    modules: [marketing, 'src/app/routes/marketing/home-page.tsx'],
    namespaces: ROUTE_NAMESPACES.marketingLayout,
  },
];

const { values: args } = parseArgs({ options: { dist: { type: 'string' }, write: { type: 'boolean', default: false } } });
const dist = path.resolve(args.dist ?? path.join(webDir, 'dist'));
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build the web app first (npm run build).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
const entry = entryKey(manifest);

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const failures: string[] = [];
const rows = routes.map((route) => {
  // Per language, as the visitor downloads only the texts of the language they read; the budget holds for both.
  const perLanguage = LANGUAGES.map((lang) => {
    const namespaces = [...new Set([...BASE_NAMESPACES, ...route.namespaces])];
    const assets = initialAssets(manifest, [entry, ...route.modules, ...namespaces.map((ns) => localeKey(manifest, lang, ns))]);
    return { lang, files: assets.js.length, js: totalGzip(dist, assets.js), css: totalGzip(dist, assets.css) };
  });
  const worst = perLanguage.reduce((a, b) => (b.js > a.js ? b : a));
  const over = route.budgetKb !== undefined && worst.js > route.budgetKb * KB;
  if (over) failures.push(`${route.name}: ${kb(worst.js)} KB gzip JS (${worst.lang}) is over its budget of ${route.budgetKb} KB`);
  const js = perLanguage.map((l) => `${kb(l.js)} (${l.lang})`).join(' / ');
  const budget = route.budgetKb ? `${route.budgetKb} KB ${over ? '**over**' : 'ok'}` : '';
  return `| ${route.name} | \`${route.url}\` | ${worst.files} | ${js} | ${kb(worst.css)} | ${budget} |`;
});

const table = [
  '| route | URL | JS files | initial JS, KB gzip | CSS, KB gzip | JS budget |',
  '|---|---|---:|---:|---:|---|',
  ...rows,
].join('\n');
console.log(table);

if (args.write) {
  const built = fs.statSync(manifestPath).mtime.toISOString().slice(0, 16).replace('T', ' ');
  writeSection('bundle', `Measured by \`npm run check:budget -w @tavolo/web -- --write\` on the build of ${built} UTC.\n\n${table}`);
  console.log('bench/README.md updated (bundle section)');
}
if (failures.length > 0) {
  console.error(`\nJavaScript budget exceeded:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nStorefront landing within its ${LANDING_BUDGET_KB} KB gzip JavaScript budget.`);
