/**
 * Back and Forward have already moved the browser when `popstate` comes, and whichever listener on the window hears
 * it first can hide it from the others. The router's is added when it mounts, so this one, added before the app
 * starts, comes first; the dashboard's unsaved-changes guard (components/ui/leave-guard.ts) plugs into it.
 */
let guard: ((event: PopStateEvent) => void) | null = null;

export function listenBeforeRouter() {
  window.addEventListener('popstate', (event) => guard?.(event));
}

/** Sees each Back or Forward before the router; `null` to stop. */
export function guardHistory(next: typeof guard) {
  guard = next;
}
