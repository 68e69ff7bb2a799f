import { useSyncExternalStore } from 'react';
import type { TSite } from '@tavolo/contracts/tenant';

/**
 * What the server resolved the Host to, embedded in index.html (see server modules/web).
 * Read without Zod on purpose: this runs in the entry chunk of every page, and the server wrote it.
 */
export function readSite(): TSite {
  try {
    const value = JSON.parse(document.getElementById('site-data')?.textContent || 'null') as TSite | null;
    if (value && (value.kind === 'platform' || value.kind === 'unknown' || (value.kind === 'tenant' && value.tenant))) return value;
  } catch {
    // fall through
  }
  // Served without the API server (e.g. `vite preview`): behave like the main domain.
  return { kind: 'platform', mainDomain: typeof location === 'undefined' ? 'localhost' : location.hostname };
}

const inBrowser = typeof document !== 'undefined';

// `let`, not `const`: the server renders one page at a time and sets both before each (entry-server.tsx).
export let site: TSite = inBrowser ? readSite() : { kind: 'unknown', mainDomain: 'localhost' };
let serverUrl = new URL('http://localhost/');

/** The page's address: the browser's, or the one the server is rendering. */
export const pageUrl = (): URL => (inBrowser ? new URL(location.href) : serverUrl);

/** Another host on the platform at this page's scheme and port, e.g. the main domain or demo.<main domain>. */
export function siteOrigin(host: string) {
  const { protocol, port } = pageUrl();
  return `${protocol}//${host}${port ? `:${port}` : ''}`;
}

type TTenantFacts = Pick<Extract<TSite, { kind: 'tenant' }>['tenant'], 'name' | 'time_zone'>;
const changeListeners = new Set<() => void>();
const onChange = (listener: () => void) => {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
};

/** The settings were saved: the open tab shows the new name and clock (header, page titles, times) without a reload. */
export function updateTenantSite({ name, time_zone }: TTenantFacts) {
  if (site.kind !== 'tenant' || (site.tenant.name === name && site.tenant.time_zone === time_zone)) return;
  site = { ...site, tenant: { ...site.tenant, name, time_zone } };
  changeListeners.forEach((listener) => listener());
}

/** `site`, re-rendering the caller when the restaurant's settings change. */
export const useSite = (): TSite => useSyncExternalStore(onChange, () => site, () => site);

/** The clock times are shown on: the restaurant's on its host (staff and guests see its time); the browser's elsewhere. */
export const siteTimeZone = (): string | undefined => (site.kind === 'tenant' ? site.tenant.time_zone : undefined);

/** For the server's renderer only: the page it renders next. */
export function setServerPage(next: TSite, url: URL) {
  site = next;
  serverUrl = url;
}
