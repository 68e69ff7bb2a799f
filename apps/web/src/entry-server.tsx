/**
 * The server's renderer (built by `vite build --ssr`, loaded by the API server's modules/web): the HTML of a
 * public page's first screen, so a phone paints the restaurant's menu or the marketing page before any
 * JavaScript has arrived, and crawlers read it. The browser then hydrates it (main.tsx).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from 'react-router';
import type { TServerPage, TServerRenderer } from '@tavolo/contracts/server-render';
import type { TSite } from '@tavolo/contracts/tenant';
import i18n, { prepareServerI18n } from './app/i18n.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { isServerRendered } from './app/routes/server-rendered.ts';
import { routesFor } from './app/routes/site-routes.ts';
import { setServerPage } from './app/site.ts';
import { setServerPlatformBoot } from './features/marketing/api/platform-boot.ts';
import { setServerBoot } from './features/storefront/api/storefront-boot.ts';

const handlers = new Map<TSite['kind'], StaticHandler>();
const handlerFor = (site: TSite) => {
  let handler = handlers.get(site.kind);
  if (!handler) handlers.set(site.kind, (handler = createStaticHandler(routesFor(site))));
  return handler;
};

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

async function render({ url, site, language, boot, platformBoot }: TServerPage): Promise<string | null> {
  await ready;
  const address = new URL(url);
  setServerPage(site, address);
  setServerBoot(boot ?? {});
  setServerPlatformBoot(platformBoot ?? {});
  await i18n.changeLanguage(language);
  const handler = handlerFor(site);
  const context = await handler.query(new Request(address));
  // A redirect, a loader's refusal or a page that reads the browser's state: the browser renders it.
  if (context instanceof Response || context.errors || !isServerRendered(context.matches.at(-1)?.route.handle)) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // An error inside a Suspense boundary would leave that part to the browser, which reports it as an error:
  // a page that did not render whole is not sent (the server logs why and sends it for the browser to render).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
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
