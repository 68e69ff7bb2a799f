/** Controls whose click does something only once React runs; links work without it, so they are left alone. */
const CONTROLS = 'button, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"], label';

/**
 * A server-rendered page shows its buttons before React has taken it over (hydration); a tap in that moment
 * would do nothing. Such taps are held and replayed once it has: call the returned function when the hydrated
 * root has committed (an effect). Taps before this module ran are not seen: the CSP allows no inline script.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>(CONTROLS);
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
