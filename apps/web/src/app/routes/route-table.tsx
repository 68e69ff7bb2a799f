import { use, type ComponentType } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../../components/layouts/route-error.tsx';
import { loadNamespaces } from '../i18n.ts';

/**
 * A page's code and texts, loaded when first needed: `lazyPage(() => import('./x-page.tsx'), ['menu'])`. The texts
 * load in parallel with the code, so the page renders once, translated (no waterfall, no keys on screen).
 */
export type TLazyPage = { Page: ComponentType; preload: () => Promise<void> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = []): TLazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  // Each address visited (history entry) gets one attempt: React renders a suspended page again when its attempt
  // settles, and a failed one must then show the error page, not start another attempt (an endless loop); the
  // next visit (a link, Reload) tries again.
  const attempts = new Map<string, Promise<void>>();
  // Without a connection, the page waits for it (the offline notice says why) and then loads, instead of failing.
  const fetchPage = (): Promise<[{ default: ComponentType }, unknown]> =>
    Promise.all([load(), loadNamespaces(namespaces)]).catch((error: unknown) => {
      if (typeof navigator === 'undefined' || navigator.onLine) throw error;
      return new Promise((online) => window.addEventListener('online', online, { once: true })).then(fetchPage);
    });
  const preload = () =>
    (loading ??= fetchPage().then(
      ([module]) => {
        Loaded = module.default;
        attempts.clear();
      },
      (error: unknown) => {
        // A chunk that failed to arrive (offline, a new deployment) is asked for again next time.
        loading = undefined;
        throw error;
      },
    ));
  function Page() {
    const { key } = useLocation();
    if (!Loaded) {
      let attempt = attempts.get(key);
      if (!attempt) attempts.set(key, (attempt = preload()));
      // Until it is there, the page suspends: a navigation keeps showing the page before (the router navigates in
      // a transition), and the first render waits for preloadMatches.
      use(attempt);
    }
    const Component = Loaded!;
    return <Component />;
  }
  return { Page, preload };
}

/**
 * One route of a site's table. The router itself runs in its small declarative mode (about 17 KB gzip lighter
 * than its data router, issue #11): what loaders did here, a redirect and a sign-in check, are fields.
 */
export type TRoute = {
  path?: string;
  index?: boolean;
  page?: TLazyPage;
  /** Always goes there instead (replacing the address, so Back does not return to it). */
  redirect?: string;
  /** Where to send the visitor instead, or null to show the page (read at each render: the session is in storage). */
  guard?: () => string | null;
  /** The server renders this page to HTML (entry-server.tsx); the API server keeps the same list. */
  serverRendered?: boolean;
  children?: TRoute[];
};

function RouteElement({ route }: { route: TRoute }) {
  const elsewhere = route.redirect ?? route.guard?.();
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return route.page ? <route.page.Page /> : <Outlet />;
}

/**
 * The router's form of a table (each object's handle is its route); each top-level route (a site's layout) shows
 * a failing page's error in its place.
 */
const routeObjects = (routes: TRoute[], topLevel = true): RouteObject[] =>
  routes.map((route) => {
    const element = <RouteElement route={route} />;
    const common = { path: route.path, handle: route, element: topLevel ? <RouteErrorBoundary>{element}</RouteErrorBoundary> : element };
    return route.index ? { ...common, index: true } : { ...common, children: route.children && routeObjects(route.children, false) };
  });

const converted = new WeakMap<TRoute[], RouteObject[]>();

function objectsOf(routes: TRoute[]) {
  let objects = converted.get(routes);
  if (!objects) converted.set(routes, (objects = routeObjects(routes)));
  return objects;
}

/** Renders the page of the current address from a site's table (inside BrowserRouter or StaticRouter). */
export function SiteRoutes({ routes }: { routes: TRoute[] }) {
  return useRoutes(objectsOf(routes));
}

/** The routes an address matches, outermost first (empty when none). */
export const matchesOf = (routes: TRoute[], pathname: string): TRoute[] => (matchRoutes(objectsOf(routes), pathname) ?? []).map(({ route }) => route.handle as TRoute);

/**
 * Loads the pages an address matches before the first render, so it is the page itself: what hydration needs (it
 * must match the server's HTML), and no empty frame where the browser renders alone. Not past a redirect: a
 * visitor sent to the sign-in page does not download the dashboard first.
 */
export function preloadMatches(routes: TRoute[], pathname: string) {
  const loads: Promise<void>[] = [];
  for (const route of matchesOf(routes, pathname)) {
    if (route.redirect ?? route.guard?.()) break;
    if (route.page) loads.push(route.page.preload());
  }
  return Promise.all(loads);
}
