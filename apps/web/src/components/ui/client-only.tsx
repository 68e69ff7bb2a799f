import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates that HTML, true afterwards (and at once in
 * a page the browser renders itself): parts that only the browser can show (toasts, forms that read the clock or
 * storage) wait for it, so the first browser render matches the server's HTML.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Renders its children in the browser only; `fallback` (nothing by default) on the server and while hydrating. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
