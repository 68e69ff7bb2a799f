import { useEffect } from 'react';
import { Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';
import { MAX_PARTY_SIZE } from '@tavolo/contracts/requests';
import { ZDiningTable, type TDiningArea, type TDiningTable, type TDiningTableInput } from '@tavolo/contracts/reservations';
import { fieldErrors, zodValidate, useForm, startFrom } from '../../../lib/forms.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { setupApi, useSetupMutation } from '../api/setup-api.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';

interface Values {
  area_id: string;
  name: string;
  min_seats: number | string;
  max_seats: number | string;
  joinable: boolean;
  active: boolean;
}

/** NumberInput gives '' when empty: that is "required", not "wrong type". */
const seats = (value: number | string) => (value === '' ? undefined : Number(value));
const toInput = (v: Values, position?: number): TDiningTableInput => ({ ...v, min_seats: seats(v.min_seats)!, max_seats: seats(v.max_seats)!, position });
const validate = zodValidate(ZDiningTable);

const valuesOf = (areaId: string, table: TDiningTable | null): Values => ({
  area_id: table?.area_id ?? areaId,
  name: table?.name ?? '',
  min_seats: table?.min_seats ?? 1,
  max_seats: table?.max_seats ?? 4,
  joinable: table?.joinable ?? false,
  active: table?.active ?? true,
});

/** Add a table to an area (`table` null) or edit one (it may move to another area). */
export function TableFormModal({ opened, areas, areaId, table, onClose }: { opened: boolean; areas: TDiningArea[]; areaId: string; table: TDiningTable | null; onClose: () => void }) {
  const { t } = useTranslation('reservation-setup');
  const notifySave = useSaveNotification();
  const save = useSetupMutation((input: TDiningTableInput) => (table ? setupApi.updateTable(table.id, input) : setupApi.createTable(input)));
  const form = useForm<Values>({ initialValues: valuesOf(areaId, table), validate: (values) => validate(toInput(values)) });
  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);
  const areaName = areas.find((a) => a.id === areaId)?.name ?? '';

  useEffect(() => {
    if (!opened) return;
    startFrom(form, valuesOf(areaId, table));
    // Reset only when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, areaId, table?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await notifySave(() => save.mutateAsync(toInput(values, table?.position)));
      onClose();
    } catch (error) {
      form.setErrors(fieldErrors(error));
    }
  });

  const count = { min: 1, max: MAX_PARTY_SIZE, allowDecimal: false };
  return (
    <Modal opened={opened} onClose={guardedClose} title={table ? t('tables.edit_title', { name: table.name }) : t('tables.add_title', { area: areaName })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('tables.name')} placeholder={t('tables.name_placeholder')} required data-autofocus maxLength={30} {...form.getInputProps('name')} />
          {table && areas.length > 1 && (
            <Select
              label={t('tables.area')}
              data={areas.map((a) => ({ value: a.id, label: a.name }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true, zIndex: 400 }}
              {...form.getInputProps('area_id')}
            />
          )}
          <SimpleGrid cols={2}>
            <BoundedNumberInput label={t('tables.min_seats')} required {...count} {...form.getInputProps('min_seats')} />
            <BoundedNumberInput label={t('tables.max_seats')} required {...count} {...form.getInputProps('max_seats')} />
          </SimpleGrid>
          <Switch label={t('tables.joinable')} description={t('tables.joinable_hint')} {...form.getInputProps('joinable', { type: 'checkbox' })} />
          <Switch label={t('tables.active')} description={t('tables.active_hint')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <FormActions cancelLabel={t('cancel')} submitLabel={t('save')} onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
