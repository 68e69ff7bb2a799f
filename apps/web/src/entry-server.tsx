/**
 * The server's renderer (built by `vite build --ssr`, loaded by the API server's modules/web): the HTML of a
 * public page's first screen, so a phone paints the restaurant's menu or the marketing page before any
 * JavaScript has arrived, and crawlers read it. The browser then hydrates it (main.tsx).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { TServerPage, TServerRenderer } from '@tavolo/contracts/server-render';
import i18n, { prepareServerI18n } from './app/i18n.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { matchesOf, SiteRoutes } from './app/routes/route-table.tsx';
import { routesFor } from './app/routes/site-routes.ts';
import { setServerPage } from './app/site.ts';
import { setServerPlatformBoot } from './features/marketing/api/platform-boot.ts';
import { setServerBoot } from './features/storefront/api/storefront-boot.ts';

const ready = prepareServerI18n();
// The site, the restaurant's data and the language are module state the pages read (as in the browser, where
// there is one page), so pages render one at a time. A render that waits is a few milliseconds.
let queue: Promise<unknown> = Promise.resolve();

/** The markup of the page's root, or null when the page is not one the server renders (then the browser does). */
export const renderPage: TServerRenderer['renderPage'] = (page) => {
  const result = queue.then(() => render(page));
  queue = result.catch(() => undefined);
  return result;
};

export const statusOf: TServerRenderer['statusOf'] = (site, pathname) => {
  const page = matchesOf(routesFor(site), pathname).at(-1);
  return !page || (page.path === '*' && !page.redirect) ? 404 : 200;
};

async function render({ url, site, language, boot, platformBoot }: TServerPage): Promise<string | null> {
  await ready;
  const address = new URL(url);
  setServerPage(site, address);
  setServerBoot(boot ?? {});
  setServerPlatformBoot(platformBoot ?? {});
  await i18n.changeLanguage(language);
  const routes = routesFor(site);
  const matches = matchesOf(routes, address.pathname);
  // A page that reads the browser's state (a session, a redirect): the browser renders it.
  if (!matches.at(-1)?.serverRendered || matches.some((route) => route.redirect ?? route.guard)) return null;
  await Promise.all(matches.map((route) => route.page?.preload()));
  // An error inside a Suspense boundary would leave that part to the browser, which reports it as an error:
  // a page that did not render whole is not sent (the server logs why and sends it for the browser to render).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <StaticRouter location={address.pathname + address.search}>
          <SiteRoutes routes={routes} />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    // No part sent apart for a script to put in place later (progressive chunks): our CSP runs no inline script.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length) throw new AggregateError(errors, `${address.pathname} did not render on the server`);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
