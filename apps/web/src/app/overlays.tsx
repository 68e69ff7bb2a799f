import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts and confirm dialogs, in a chunk of their own that loads next to the first page (issue #11 budget): they
 * bring Mantine's Modal, Transition and floating/scroll-lock code, which no page shows at first paint. Both are
 * driven by stores and window events (`notifications.show`, `modals.openConfirmModal`), so they need not wrap the app.
 */
export default function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" />
    </>
  );
}
