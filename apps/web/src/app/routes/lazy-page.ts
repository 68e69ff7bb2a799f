import type { ComponentType } from 'react';
import { loadNamespaces } from '../i18n.ts';

/**
 * A route's page as its own chunk: `lazy: lazyPage(() => import('./x-page.tsx'), ['menu'])`. The texts it names
 * load in parallel with its code, so the page renders once, translated (no waterfall, no keys on screen).
 */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = []) =>
  async () => {
    const [page] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: page.default };
  };
