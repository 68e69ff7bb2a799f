/** How long after a submit a field error may still appear: rules loaded on first submit, a server's field errors. */
const WATCH_MS = 1500;
/**
 * How long the first sign of an error is given for the rest to show: a field already marked before the submit (the
 * checkout's postal code, refused by the live price) was focused ahead of the empty street above it, whose error the
 * form set a moment later.
 */
const SETTLE_MS = 120;

/**
 * After a form is sent, the first field that turns out invalid gets the focus and is scrolled to the middle of the
 * screen. A failed submit otherwise changed nothing where the guest was looking: the checkout's messages were a
 * screen above its button on a phone. For every form of the app, so no form has to remember it.
 */
export function focusInvalidFieldsOnSubmit(doc: Document = document): void {
  doc.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const until = performance.now() + WATCH_MS;
    const focusFirst = () => {
      const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus({ preventScroll: true });
      invalid?.scrollIntoView({ block: 'center' });
    };
    const look = () => {
      if (form.querySelector('[aria-invalid="true"]')) setTimeout(focusFirst, SETTLE_MS);
      else if (form.isConnected && performance.now() < until) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}
