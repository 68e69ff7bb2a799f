import { STOREFRONT_BOOT_ID, type TStorefrontBoot } from '@tavolo/contracts/storefront-boot';

/**
 * The restaurant's public reads that its index.html carried (server modules/web), so the header, the discount
 * banner and the looks render with the first paint instead of after three round trips. Read without Zod, as
 * app/site.ts reads the site: the server wrote it. Empty where the page came without it (dashboard, `vite preview`).
 */
function readBoot(): Partial<TStorefrontBoot> {
  try {
    const value = JSON.parse(document.getElementById(STOREFRONT_BOOT_ID)?.textContent || '{}') as Partial<TStorefrontBoot> | null;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

// `let`: the server renders one page at a time and sets them before each (entry-server.tsx).
export let storefrontBoot: Partial<TStorefrontBoot> = typeof document === 'undefined' ? {} : readBoot();
/** When the boot data was current: the queries it seeds count their freshness from here. */
export let storefrontBootAt = Date.now();

/** For the server's renderer only: the restaurant's reads for the page it renders next. */
export function setServerBoot(boot: Partial<TStorefrontBoot>) {
  storefrontBoot = boot;
  storefrontBootAt = Date.now();
}
