import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// A global stylesheet, not a CSS module of its lazy chunk: server-rendered pages (entry-server.tsx) show the skip
// link before any chunk has loaded, and it must be off screen by then.
import './components/ui/skip-link.css';
import './components/layouts/message-page.css';
import './features/storefront/components/storefront.css';
import { adoptInlineHolder, holdEarlyClicks } from './app/early-clicks.ts';
import { focusInvalidFieldsOnSubmit } from './app/focus-invalid-field.ts';
import { listenBeforeRouter } from './app/history-guard.ts';
import { initI18n, initialLanguage, loadNamespaces } from './app/i18n.ts';
import { SHARED_NAMESPACE } from './app/namespaces.ts';
import { Providers } from './app/providers.tsx';
import { ScrollRestoration } from './components/layouts/scroll-restoration.tsx';
import { setHydrating } from './components/ui/client-only.tsx';
import { site } from './app/site.ts';
import { preloadMatches, SiteRoutes } from './app/routes/route-table.tsx';
import { routesFor } from './app/routes/site-routes.ts';

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
  focusInvalidFieldsOnSubmit();
  listenBeforeRouter();
  const root = document.getElementById('root')!;
  // The server rendered this page (entry-server.tsx) in the language this browser also chose: take it over.
  const hydrate = root.dataset.ssr === initialLanguage && root.firstChild !== null;
  // Not taken over: the page is rendered anew, so taps on the server's buttons are dropped with them.
  const replayClicks = hydrate ? holdEarlyClicks(root) : void adoptInlineHolder();
  const routes = routesFor(site);
  await Promise.all([initI18n(), preloadMatches(routes, location.pathname)]);
  const app = (
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <ScrollRestoration />
          <SiteRoutes routes={routes} />
        </BrowserRouter>
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
