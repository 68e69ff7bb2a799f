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

export const storefrontBoot = readBoot();
/** When the boot data was current: the queries it seeds count their freshness from here. */
export const storefrontBootAt = Date.now();
