import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// A global stylesheet, not a CSS module of its lazy chunk: server-rendered pages (entry-server.tsx) show the skip
// link before any chunk has loaded, and it must be off screen by then.
import './components/ui/skip-link.css';
import './features/storefront/components/restaurant-logo.css';
import { adoptInlineHolder, holdEarlyClicks } from './app/early-clicks.ts';
import { initI18n, initialLanguage, loadNamespaces } from './app/i18n.ts';
import { SHARED_NAMESPACE } from './app/namespaces.ts';
import { Providers } from './app/providers.tsx';
import { setHydrating } from './components/ui/client-only.tsx';
import { site } from './app/site.ts';
import { routesFor } from './app/routes/site-routes.ts';

/**
 * Loads the lazy routes this address matches before the router starts, so its first render is the page itself:
 * what hydration needs (it must match the server's HTML), and no empty frame where the browser renders alone.
 */
async function loadMatchedRoutes(routes: RouteObject[]) {
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

/**
 * Runs once React has committed its first render (of the page it took over from the server, or its own), and
 * marks <html data-app-ready>: the moment the page answers taps (browser tests wait for it). Then fetches the
 * server's messages, which no first paint of the landing needs (namespaces.ts).
 */
function AppReady({ run }: { run?: () => void }) {
  useEffect(() => {
    setHydrating(false);
    document.documentElement.dataset.appReady = '';
    run?.();
    void loadNamespaces([SHARED_NAMESPACE]);
  }, [run]);
  return null;
}

async function start() {
  const root = document.getElementById('root')!;
  // The server rendered this page (entry-server.tsx) in the language this browser also chose: take it over.
  const hydrate = root.dataset.ssr === initialLanguage && root.firstChild !== null;
  // Not taken over: the page is rendered anew, so taps on the server's buttons are dropped with them.
  const replayClicks = hydrate ? holdEarlyClicks(root) : void adoptInlineHolder();
  const routes = routesFor(site);
  await Promise.all([initI18n(), loadMatchedRoutes(routes)]);
  const app = (
    <StrictMode>
      <Providers>
        {/* Hydration data (no public page has a loader) tells the router the page is already there, so it does not
            scroll it to the top as on a new page (ScrollRestoration): the visitor may have scrolled the server's HTML. */}
        <RouterProvider router={createBrowserRouter(routes, hydrate ? { hydrationData: {} } : undefined)} />
      </Providers>
      <AppReady run={replayClicks} />
    </StrictMode>
  );
  // As a transition, hydration works in slices and lets the browser answer in between (one ~0.5 s task on a
  // slow phone otherwise); a tap on a part not yet hydrated makes React hydrate that part first.
  if (hydrate) {
    setHydrating(true);
    return startTransition(() => void hydrateRoot(root, app));
  }
  root.replaceChildren();
  createRoot(root).render(app);
}

void start();
