import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../app/i18n.ts';
import { AppError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/forms.ts';

let counter = 0;

/**
 * SPEC §8: 'Saving changes...' while a save runs, then 'Changes saved successfully' (or `success`).
 * Resolves to the result, or rethrows so the caller can show field errors.
 */
export function useSaveNotification() {
  const { t } = useTranslation();
  return useCallback(
    async <T>(save: () => Promise<T>, { success }: { success?: string } = {}): Promise<T> => {
      const id = `save-${++counter}`;
      notifications.show({ id, loading: true, message: t('save.saving'), autoClose: false, withCloseButton: false });
      try {
        const result = await save();
        notifications.update({ id, loading: false, color: 'green', message: success ?? t('shared:messages.saved'), autoClose: 3000, withCloseButton: true });
        return result;
      } catch (error) {
        // A refusal (role or plan) has its own notification, for every call of the app (providers.tsx).
        if (error instanceof AppError && (error.code === 'FORBIDDEN' || error.code === 'PLAN_LIMIT')) {
          notifications.hide(id);
          throw error;
        }
        notifications.update({ id, loading: false, color: 'red', title: t('save.failed'), message: errorMessage(error), autoClose: 6000, withCloseButton: true });
        throw error;
      }
    },
    [t],
  );
}
