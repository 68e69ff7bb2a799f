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
  return { kind: 'platform', mainDomain: location.hostname };
}

export const site = readSite();
