import type { TLanguage } from './i18n.ts';
import type { TPlatformBoot } from './platform-boot.ts';
import type { TStorefrontBoot } from './storefront-boot.ts';
import type { TSite } from './tenant.ts';

/** A page the API server asks the web app's server renderer (apps/web/src/entry-server.tsx) to render. */
export interface TServerPage {
  /** The page's full address (scheme, Host, path and query). */
  url: string;
  site: TSite;
  language: TLanguage;
  /** A restaurant's public reads, the same the page carries for the browser. */
  boot?: Partial<TStorefrontBoot> | null;
  /** The main domain's public reads (marketing pages), the same the page carries for the browser. */
  platformBoot?: TPlatformBoot | null;
}

/** What `vite build --ssr` builds into <web dist>/ssr/entry-server.js. */
export interface TServerRenderer {
  /** The root's markup, or null (the browser renders). */
  renderPage(page: TServerPage): Promise<string | null>;
  /** 404 when no page of the site's route table has this path (its catch-all shows the not-found page), else 200. */
  statusOf(site: TSite, pathname: string): 200 | 404;
}

/** The attribute on #root that says the server rendered it, and in which language. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-ssr';

/** Controls whose click does something only once React runs; links work without it, so they are left alone. */
export const EARLY_CLICK_CONTROLS = 'button, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"], label';

/** The window property where the page's inline click holder (server: early-clicks-script.ts) hands over to the app. */
export const EARLY_CLICKS_GLOBAL = '__tavoloEarlyClicks';
