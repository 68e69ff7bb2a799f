/** How long after a submit a field error may still appear: rules loaded on first submit, a server's field errors. */
const WATCH_MS = 1500;

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
    const look = () => {
      const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid) {
        invalid.focus({ preventScroll: true });
        invalid.scrollIntoView({ block: 'center' });
      } else if (form.isConnected && performance.now() < until) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}
