import { EARLY_CLICK_CONTROLS, EARLY_CLICKS_GLOBAL } from '@tavolo/contracts/server-render';

/** What the server's inline script (apps/server/src/modules/web/early-clicks-script.ts) leaves on window. */
interface InlineHolder {
  held: HTMLElement[];
  stop(): void;
}

/**
 * Stops the page's inline click holder and returns the controls it held (none if the page has no such script).
 * Called once the app runs, whether it takes the page over or not: the holder must not outlive that moment.
 */
export function adoptInlineHolder(): HTMLElement[] {
  const slot = window as unknown as Record<string, InlineHolder | undefined>;
  const inline = slot[EARLY_CLICKS_GLOBAL];
  if (!inline) return [];
  inline.stop();
  delete slot[EARLY_CLICKS_GLOBAL];
  return inline.held;
}

/**
 * A server-rendered page shows its buttons before React has taken it over (hydration); a tap in that moment
 * would do nothing. Such taps are held and replayed once it has: call the returned function when the hydrated
 * root has committed (an effect). Taps from before this module ran were held by the page's inline script: they
 * are taken over here, so one holder runs at a time.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  const held = adoptInlineHolder().filter((control) => root.contains(control));
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>(EARLY_CLICK_CONTROLS);
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(control)) held.push(control);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const control of held.splice(0)) if (control.isConnected) control.click();
  };
}
