import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { confirmDialogsReady } from '../components/ui/confirm.ts';
import { OfflineNotice } from '../components/ui/offline-notice.tsx';

/**
 * Toasts and confirm dialogs, in a chunk of their own that loads next to the first page (issue #11 budget): they
 * bring Mantine's Modal, Transition and floating/scroll-lock code, which no page shows at first paint. Toasts
 * live in a store, so one shown earlier waits for them; confirm dialogs are window events, so `openConfirm`
 * waits until this host listens (its children's effects, which subscribe, run before this one).
 */
export default function Overlays() {
  useEffect(confirmDialogsReady, []);
  return (
    <>
      <ModalsProvider />
      {/* At the bottom: at the top they covered the drawers' title and close button (and the storefront header) for
          seconds. In the middle: on the right they covered the sticky Save bar's button on a desktop. */}
      <Notifications position="bottom-center" />
      <OfflineNotice />
    </>
  );
}
