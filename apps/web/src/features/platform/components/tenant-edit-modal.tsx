import { useState, type RefObject } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { useDialogDiscardGuard, useReportDirty } from '../../../components/ui/use-discard-guard.ts';
import { z } from '@tavolo/contracts/zod';
import { TENANT_PROFILE_FIELDS } from '@tavolo/contracts/auth';
import { PLAN_IDS, type TPlanId } from '@tavolo/contracts/plans';
import type { TPlatformTenantDetail } from '@tavolo/contracts/platform';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { fieldErrors, serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { platformApi, useTenant, useTenantMutation } from '../api/platform-api.ts';
import { trialEnd } from './tenant-actions.tsx';
import { DayInput } from '../../../components/ui/day-input.tsx';

/** The sign-up's rules for name, contact and address, plus the plan. */
const ZEditForm = z.object({ ...TENANT_PROFILE_FIELDS, plan_id: z.enum(PLAN_IDS) });

type Values = Record<keyof typeof TENANT_PROFILE_FIELDS, string> & { plan_id: TPlanId; trial_day: string };

function valuesOf(t: TPlatformTenantDetail): Values {
  return {
    restaurant_name: t.name,
    email: t.email,
    phone: t.phone,
    address: t.address,
    street: t.street ?? '',
    postal_code: t.postal_code,
    city: t.city,
    state: t.state ?? '',
    country: t.country,
    county: t.county ?? '',
    plan_id: t.plan_id,
    trial_day: t.trial_ends_at ? t.trial_ends_at.slice(0, 10) : '',
  };
}

function EditForm({ tenant, onClose, dirtyRef }: { tenant: TPlatformTenantDetail; onClose: () => void; dirtyRef: RefObject<() => boolean> }) {
  const { t } = useTranslation('platform');
  const save = useSaveNotification();
  const mutation = useTenantMutation((body: Parameters<typeof platformApi.update>[1]) => platformApi.update(tenant.id, body));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: valuesOf(tenant), validate: zodValidate(ZEditForm) });
  useReportDirty(dirtyRef, () => form.isDirty());
  const onTrial = tenant.status === 'trial';

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        const { trial_day, ...rest } = values;
        const body = { ...rest, ...(onTrial && trial_day !== valuesOf(tenant).trial_day && { trial_ends_at: trial_day ? trialEnd(trial_day) : null }) };
        try {
          await save(() => mutation.mutateAsync(body), { success: t('edit.saved') });
          onClose();
        } catch (error) {
          const errors = fieldErrors(error);
          if (errors.trial_ends_at) form.setFieldError('trial_day', errors.trial_ends_at);
          setFailure(serverErrors(form, error));
        }
      })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label={t('edit.name')} required {...form.getInputProps('restaurant_name')} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('edit.email')} type="email" required {...form.getInputProps('email')} />
          <TextInput label={t('edit.phone')} type="tel" required {...form.getInputProps('phone')} />
          <TextInput label={t('edit.address')} required {...form.getInputProps('address')} />
          <TextInput label={t('edit.street')} {...form.getInputProps('street')} />
          <TextInput label={t('edit.postal_code')} required {...form.getInputProps('postal_code')} />
          <TextInput label={t('edit.city')} required {...form.getInputProps('city')} />
          <TextInput label={t('edit.state')} {...form.getInputProps('state')} />
          <TextInput label={t('edit.county')} {...form.getInputProps('county')} />
          <TextInput label={t('edit.country')} required {...form.getInputProps('country')} />
          <Select
            label={t('edit.plan')}
            data={PLAN_IDS.map((id) => ({ value: id, label: t(`plan.${id}`) }))}
            allowDeselect={false}
            comboboxProps={{ zIndex: 500 }}
            {...form.getInputProps('plan_id')}
          />
          {onTrial && <DayInput label={t('edit.trial_end')} description={t('edit.trial_end_hint')} {...form.getInputProps('trial_day')} />}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('actions.back')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit a restaurant's name, contact, address, plan and a running trial's end; the form mounts afresh on every opening. */
export function TenantEditModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const tenant = useTenant(id);
  const { dirtyRef, close } = useDialogDiscardGuard(onClose);
  return (
    <Modal opened={Boolean(id)} onClose={close} title={t('edit.title', { name: tenant.data?.name ?? '' })} size="lg" centered zIndex={400}>
      {tenant.data ? <EditForm tenant={tenant.data} onClose={onClose} dirtyRef={dirtyRef} /> : null}
    </Modal>
  );
}
