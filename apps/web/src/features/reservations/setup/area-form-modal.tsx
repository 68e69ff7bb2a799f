import { useEffect } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';
import { ZDiningArea, type TDiningArea, type TDiningAreaInput } from '@tavolo/contracts/reservations';
import { fieldErrors, zodValidate, useForm, startFrom } from '../../../lib/forms.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { setupApi, useSetupMutation } from '../api/setup-api.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** Add a dining area (`area` null) or rename one. */
export function AreaFormModal({ opened, area, onClose }: { opened: boolean; area: TDiningArea | null; onClose: () => void }) {
  const { t } = useTranslation('reservation-setup');
  const notifySave = useSaveNotification();
  const save = useSetupMutation((input: TDiningAreaInput) => (area ? setupApi.updateArea(area.id, { name: input.name, position: area.position }) : setupApi.createArea(input)));
  const form = useForm<TDiningAreaInput>({ initialValues: { name: '' }, validate: zodValidate(ZDiningArea) });
  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);

  useEffect(() => {
    if (!opened) return;
    startFrom(form, { name: area?.name ?? '' });
    // Reset only when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, area?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await notifySave(() => save.mutateAsync(values));
      onClose();
    } catch (error) {
      form.setErrors(fieldErrors(error));
    }
  });

  return (
    <Modal opened={opened} onClose={guardedClose} title={area ? t('areas.rename_title', { name: area.name }) : t('areas.add_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('areas.name')} placeholder={t('areas.name_placeholder')} required data-autofocus maxLength={60} {...form.getInputProps('name')} />
          <FormActions cancelLabel={t('cancel')} submitLabel={t('save')} onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
