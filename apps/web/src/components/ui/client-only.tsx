import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** True on the server, and in the browser while it takes over the server's HTML (main.tsx sets it around that). */
let hydrating = typeof document === 'undefined';

export function setHydrating(value: boolean) {
  hydrating = value;
}

/**
 * False while the server renders a page and while the browser hydrates that HTML, true afterwards (and at once in
 * a page the browser renders itself): parts that only the browser can show (toasts, forms that read the clock or
 * storage) wait for it, so the first browser render matches the server's HTML. The switch is a transition, in
 * slices: useSyncExternalStore's server/client difference would re-render every user at once, synchronously, as
 * one long task right after hydration.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** Renders its children in the browser only; `fallback` (nothing by default) on the server and while hydrating. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
