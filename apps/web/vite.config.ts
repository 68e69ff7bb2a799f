import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pageChunks, type PageChunk } from './scripts/page-chunks.ts';

const brotli = promisify(zlib.brotliCompress);

/**
 * React Router 7 exports only its development build, whose dev warnings then run in production too
 * (remix-run/react-router#14102): builds take the production copy it ships beside it (the same code, warnings off).
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');
const gzip = promisify(zlib.gzip);

/**
 * Brotli and gzip copies next to every text asset of the build (x.js.br, x.js.gz), compressed once at the highest
 * levels: the server sends them as they are (@fastify/static preCompressed), so no request pays for compression.
 */
function precompress(): Plugin {
  return {
    name: 'tavolo-precompress',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file) && !file.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(path.join(dir, file));
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzip(source, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(path.join(dir, `${file}.br`), br), fs.writeFile(path.join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/** The pages whose first loads the chunks below are cut for (their layout and page modules). */
const page = {
  storefrontLayout: 'src/app/routes/storefront/storefront-layout.tsx',
  landing: 'src/app/routes/storefront/landing-page.tsx',
  checkout: 'src/app/routes/storefront/checkout-page.tsx',
  reservation: 'src/app/routes/storefront/reservation-page.tsx',
  login: 'src/features/auth/components/login-page.tsx',
  marketingLayout: 'src/app/routes/marketing/marketing-layout.tsx',
  marketingHome: 'src/app/routes/marketing/home-page.tsx',
  dashboardLayout: 'src/app/routes/dashboard/dashboard-layout.tsx',
};
const { storefrontLayout, landing, checkout, reservation, login, marketingLayout, marketingHome, dashboardLayout } = page;

/**
 * Shared chunks (scripts/page-chunks.ts): a page loads every chunk it needs a module of, so each holds what a set of
 * pages has in common, and pages that need little (sign-in, marketing) are kept out of the bigger ones. Measured
 * with `npm run check:budget -w @tavolo/web` (bench/README.md, "Front end").
 */
const PAGE_CHUNKS: PageChunk[] = [
  // Everything the landing paints with (no Mantine component: components/lite), in one file (issue #11's budget).
  { name: 'storefront-first-paint', pages: [storefrontLayout, landing] },
  // The Mantine components most pages use.
  { name: 'mantine', pages: [checkout, reservation, login, marketingLayout, marketingHome, dashboardLayout], librariesOnly: true, minPages: 4 },
  // The checkout's other Mantine components: those the dashboard uses too, those the reservation form uses too, its own.
  { name: 'mantine-shared', pages: [checkout, dashboardLayout], librariesOnly: true, minPages: 2, without: [login, marketingLayout, marketingHome] },
  { name: 'mantine-forms', pages: [checkout, reservation], librariesOnly: true, minPages: 2, without: [login, marketingLayout, marketingHome, dashboardLayout] },
  { name: 'mantine-checkout', pages: [checkout], librariesOnly: true, without: [login, marketingLayout, marketingHome, dashboardLayout, reservation] },
  // The reservation form's Mantine parts the dashboard uses too (dropdowns, dialogs), which the checkout does without.
  { name: 'mantine-floating', pages: [reservation, dashboardLayout], librariesOnly: true, minPages: 2, without: [checkout, login, marketingLayout, marketingHome] },
];

/**
 * Two warnings every build printed, neither a fault: the shared messages are imported `with { type: 'json' }` by
 * packages/contracts/src/i18n.ts (as Node needs on the server) and by the web's per-language glob (app/i18n.ts, which
 * cannot pass attributes): the same JSON either way. And Zod's sources carry comments after `@__PURE__` that Rollup
 * drops. Anything else is still printed.
 */
function isKnownHarmless(warning: { code?: string; id?: string; message: string }): boolean {
  if (warning.code === 'INCONSISTENT_IMPORT_ATTRIBUTES') return /packages\/contracts\/src\/locales\/\w+\.json"/.test(warning.message);
  return warning.code === 'INVALID_ANNOTATION' && /node_modules\/zod\//.test(warning.id ?? '');
}

// Assets are served by the API server under /build/ (SPEC §2); every page is a lazy chunk.
// `vite build --ssr src/entry-server.tsx --outDir dist/ssr` builds the server's renderer from the same sources:
// self-contained (noExternal), so the API server runs it from any WEB_DIST without this package's node_modules.
export default defineConfig(({ command, isSsrBuild }) => ({
  base: '/build/',
  plugins: [react(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : undefined,
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the JavaScript budget check (scripts/check-budget.ts) reads what each route loads.
    manifest: !isSsrBuild,
    // The favicon and the like are the browser's build's; the renderer needs none.
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: isSsrBuild ? 2000 : 600,
    rollupOptions: {
      onwarn(warning, warn) {
        if (isKnownHarmless(warning)) return;
        warn(warning);
      },
      output: {
        // Modules shared by sets of pages in a few chunks instead of ~100 small ones (scripts/page-chunks.ts). Only
        // the modules named: a library index one of them imports would otherwise drag the whole library in.
        onlyExplicitManualChunks: true,
        manualChunks: isSsrBuild ? undefined : pageChunks('src/main.tsx', PAGE_CHUNKS),
      },
    },
  },
}));
