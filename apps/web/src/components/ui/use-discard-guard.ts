import { useTranslation } from '../../app/i18n.ts';
import type { TFunction } from '@tavolo/contracts/translator';
import { openConfirm } from './confirm.ts';

/**
 * A form dialog's close (a click beside it, Esc, ✕) that asks before throwing away what was typed: a phone order taken
 * down over the phone, or a new dish with its photo, was gone after one stray tap. The form's own Cancel button
 * still closes at once.
 */
export function useDiscardGuard(isDirty: () => boolean, onClose: () => void): () => void {
  const { t } = useTranslation('common');
  return () => {
    if (!isDirty()) return onClose();
    confirmDiscard(t, onClose);
  };
}

/** "Discard your changes?", then `onDiscard` if so (also asked before leaving a page with unsaved changes). */
export function confirmDiscard(t: TFunction, onDiscard: () => void) {
  openConfirm({
    title: t('discard.title'),
    centered: true,
    children: t('discard.text'),
    labels: { confirm: t('discard.confirm'), cancel: t('discard.keep') },
    confirmProps: { color: 'red' },
    zIndex: 1000,
    onConfirm: onDiscard,
  });
}
