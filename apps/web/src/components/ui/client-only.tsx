import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

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

/**
 * Renders its children in the browser only; `fallback` (nothing by default) on the server and while hydrating.
 * After hydration they come as a transition, in slices, not as one more long task right after it.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : fallback;
}
