import { modals } from '@mantine/modals';

type ConfirmOptions = Parameters<typeof modals.openConfirmModal>[0];

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));

/** Called by the dialogs' host (app/overlays.tsx) once it listens. */
export const confirmDialogsReady = () => markReady();

/**
 * Opens a confirm dialog. Its host loads after first paint (issue #11 budget) and hears `modals.openConfirmModal`
 * as a window event, so one sent before the host listens would be lost (a button that did nothing right after a
 * page load): wait for the host first.
 */
export function openConfirm(options: ConfirmOptions): void {
  void ready.then(() => modals.openConfirmModal(options));
}
