import { useEffect } from 'react';
import { Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { ZCategoryInput, type TCategory, type TCategoryInput } from '@tavolo/contracts/menu';
import { fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useSaveCategory } from '../api/categories-api.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';

interface Props {
  opened: boolean;
  /** The category to edit, or null to create one. */
  category: TCategory | null;
  onClose: () => void;
}

const valuesOf = (category: TCategory | null): TCategoryInput => ({
  name: category?.name ?? '',
  description: category?.description ?? '',
  is_active: category?.is_active ?? true,
});

export function CategoryFormModal({ opened, category, onClose }: Props) {
  const { t } = useTranslation('menu');
  const save = useSaveCategory();
  const withNotification = useSaveNotification();
  const form = useForm<TCategoryInput>({ initialValues: valuesOf(category), validate: zodValidate(ZCategoryInput) });

  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(category));
    form.resetDirty(valuesOf(category));
    form.clearErrors();
    // Reset only when the modal opens for a (new) category.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, category?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await withNotification(() => save.mutateAsync({ id: category?.id, input: values }));
      onClose();
    } catch (error) {
      form.setErrors(fieldErrors(error));
    }
  });

  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);
  return (
    <Modal opened={opened} onClose={guardedClose} title={category ? t('categories.edit_title') : t('categories.add_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('fields.name')} required data-autofocus maxLength={80} {...form.getInputProps('name')} />
          <Textarea label={t('fields.description')} autosize minRows={2} maxRows={6} maxLength={500} {...form.getInputProps('description')} />
          <Switch label={t('fields.active')} description={t('categories.inactive_hint')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <FormActions cancelLabel={t('cancel')} submitLabel={t('save')} onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
