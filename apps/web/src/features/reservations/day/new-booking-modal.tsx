import { useRef, useState, type RefObject } from 'react';
import { Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../app/i18n.ts';
import { useDialogDiscardGuard, useReportDirty } from '../../../components/ui/use-discard-guard.ts';
import { ZStaffReservation, type TStaffReservationInput } from '@tavolo/contracts/reservations';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useCreateStaffReservation } from '../api/staff-api.ts';
import { PlacementFields, placementBody, type PlacementValues } from './placement-fields.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface Values extends PlacementValues {
  full_name: string;
  phone_number: string;
  email: string;
  message: string;
}

const validate = zodValidate(ZStaffReservation);

const toRequest = (values: Values): TStaffReservationInput => ({
  full_name: values.full_name,
  phone_number: values.phone_number,
  email: values.email,
  message: values.message,
  ...placementBody(values),
});

/** "New booking": a table taken by phone or for a walk-in; online limits don't apply, a taken table does. `onCreated` comes once the dialog has closed. */
export function NewBookingModal({ opened, date, onClose, onCreated }: { opened: boolean; date: string; onClose: () => void; onCreated: (date: string, id: string) => void }) {
  const { t } = useTranslation('reservations');
  const phone = useMediaQuery('(max-width: 48em)');
  // Told once the dialog is gone, after it has handed the focus back: the day view may then move it to the booking.
  const made = useRef<{ date: string; id: string } | null>(null);
  const closed = () => {
    if (made.current) onCreated(made.current.date, made.current.id);
    made.current = null;
  };
  const { dirtyRef, close } = useDialogDiscardGuard(onClose);
  return (
    <Modal opened={opened} onClose={close} onExitTransitionEnd={closed} title={t('new.title')} size="lg" fullScreen={phone} centered>
      {/* Mounted only while open: each booking starts empty, on the day shown. */}
      {opened && (
        <NewBookingForm
          date={date}
          dirtyRef={dirtyRef}
          onClose={onClose}
          onCreated={(day, id) => {
            made.current = { date: day, id };
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function NewBookingForm({ date, dirtyRef, onClose, onCreated }: { date: string; dirtyRef: RefObject<() => boolean>; onClose: () => void; onCreated: (date: string, id: string) => void }) {
  const { t } = useTranslation('reservations');
  const create = useCreateStaffReservation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { full_name: '', phone_number: '', email: '', message: '', date, time: '', guests: 2, duration_minutes: '', pick: false, table_ids: [] },
    validate: (values) => validate(toRequest(values)),
  });
  useReportDirty(dirtyRef, () => form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await create.mutateAsync(toRequest(values));
      notifications.show({ color: 'green', message: result.message ?? t('new.created', { name: values.full_name }) });
      onCreated(values.date, result.data.id);
    } catch (error) {
      setFailure(serverErrors(form, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('new.name')} required maxLength={120} data-autofocus {...form.getInputProps('full_name')} />
          <TextInput label={t('new.phone')} required type="tel" maxLength={32} {...form.getInputProps('phone_number')} />
        </SimpleGrid>
        <TextInput label={t('new.email')} description={t('new.email_hint')} type="email" maxLength={254} {...form.getInputProps('email')} />
        <PlacementFields form={form} />
        <Textarea label={t('new.message')} autosize minRows={2} maxLength={2000} {...form.getInputProps('message')} />
        <FormActions cancelLabel={t('new.cancel')} submitLabel={t('new.submit')} onCancel={onClose} pending={create.isPending} error={failure} />
      </Stack>
    </form>
  );
}
