import { useEffect, useRef, type RefObject } from 'react';
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

/**
 * useDiscardGuard for a dialog whose form is a component of its own (mounted with the record it edits): the form
 * reports whether it has changes through `dirtyRef` (useReportDirty); `close` goes on the dialog.
 */
export function useDialogDiscardGuard(onClose: () => void) {
  const dirtyRef = useRef<() => boolean>(() => false);
  return { dirtyRef, close: useDiscardGuard(() => dirtyRef.current(), onClose) };
}

/** The form's side of useDialogDiscardGuard. */
export function useReportDirty(dirtyRef: RefObject<() => boolean>, isDirty: () => boolean) {
  useEffect(() => {
    dirtyRef.current = isDirty;
    return () => {
      dirtyRef.current = () => false;
    };
  });
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
