import type { ComponentType } from 'react';

/** A route's page as its own chunk: `lazy: lazyPage(() => import('./x-page.tsx'))`. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
