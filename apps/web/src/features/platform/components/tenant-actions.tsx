import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Code, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconCircleCheck,
  IconClockPlay,
  IconDots,
  IconEye,
  IconPencil,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { SUSPEND_REASON_MAX, SUSPEND_REASON_MIN, TRIAL_MAX_DAYS, canTransition, type TPlatformTenant, type TTenantAction } from '@tavolo/contracts/platform';
import { openConfirm } from '../../../components/ui/confirm.ts';
import { ReasonModal } from '../../../components/ui/reason-modal.tsx';
import { errorMessage } from '../../../lib/forms.ts';
import { platformApi, useTenantMutation } from '../api/platform-api.ts';
import { DayInput } from '../../../components/ui/day-input.tsx';

/** What the signed-in operator's role allows (the server checks again). */
export interface TenantPermissions {
  manage: boolean;
  remove: boolean;
}

type Tenant = Pick<TPlatformTenant, 'id' | 'name' | 'slug' | 'status' | 'plan_id'>;
type Dialog = 'suspend' | 'trial' | 'delete' | null;

const DAY_MS = 86_400_000;
const isoDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The chosen day's end, but never past the longest trial the server allows from now. */
export function trialEnd(day: string, now = Date.now()): string {
  const end = new Date(`${day}T23:59:00`).getTime();
  return new Date(Math.min(end, now + TRIAL_MAX_DAYS * DAY_MS - 60_000)).toISOString();
}

function TrialModal({ tenant, opened, saving, onClose, onConfirm }: { tenant: Tenant; opened: boolean; saving: boolean; onClose: () => void; onConfirm: (endsAt: string) => Promise<boolean> }) {
  const { t } = useTranslation('platform');
  // Tomorrow up to the longest trial; two weeks unless the operator picks another day.
  const [{ min, max }] = useState(() => {
    const now = Date.now();
    return { min: isoDate(new Date(now + DAY_MS)), max: isoDate(new Date(now + (TRIAL_MAX_DAYS - 1) * DAY_MS)) };
  });
  const [day, setDay] = useState(() => isoDate(new Date(Date.now() + 14 * DAY_MS)));
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={t('actions.trial_title', { name: tenant.name })} centered zIndex={400}>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!day || day < min || day > max) return setError(t('actions.trial_range', { max: TRIAL_MAX_DAYS }));
          setError(null);
          if (await onConfirm(trialEnd(day))) onClose();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('actions.trial_text', { max: TRIAL_MAX_DAYS })}
          </Text>
          <DayInput label={t('actions.trial_end')} required minDate={min} maxDate={max} value={day || null} onChange={(picked) => setDay(picked ?? '')} error={error} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('actions.back')}
            </Button>
            <Button type="submit" color="grape" loading={saving}>
              {t('actions.start_trial')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Deleting asks for the restaurant's address typed exactly: the button wakes only on a match. */
function DeleteModal({ tenant, opened, saving, onClose, onConfirm }: { tenant: Tenant; opened: boolean; saving: boolean; onClose: () => void; onConfirm: (slug: string) => Promise<boolean> }) {
  const { t } = useTranslation('platform');
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('actions.delete_title', { name: tenant.name })} centered zIndex={400}>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (typed.trim() === tenant.slug && (await onConfirm(typed.trim()))) close();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('actions.delete_text')}</Text>
          <Text size="sm">
            {t('actions.delete_type')} <Code fw={700}>{tenant.slug}</Code>
          </Text>
          <TextInput label={t('actions.delete_label')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" spellCheck={false} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              {t('actions.back')}
            </Button>
            <Button type="submit" color="red" loading={saving} disabled={typed.trim() !== tenant.slug} leftSection={<IconTrash size={16} aria-hidden />}>
              {t('actions.delete_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface Props {
  tenant: Tenant;
  can: TenantPermissions;
  onView?: () => void;
  onEdit?: () => void;
  /** After a deletion (the view closes). */
  onDeleted?: () => void;
  /** `menu`: the row's "..." menu; `buttons`: a row of buttons (the view's header). */
  variant?: 'menu' | 'buttons';
}

/** The actions valid for the restaurant's status and allowed to the operator, with their dialogs and toasts. */
export function TenantActions({ tenant, can, onView, onEdit, onDeleted, variant = 'menu' }: Props) {
  const { t } = useTranslation('platform');
  const [dialog, setDialog] = useState<Dialog>(null);
  const mutation = useTenantMutation(async (run: () => Promise<{ message?: string }>) => run());

  /** Runs a call with a toast either way; true when it went through. */
  const perform = async (run: () => Promise<{ message?: string }>): Promise<boolean> => {
    try {
      const message = await mutation.mutateAsync(run);
      notifications.show({ color: 'green', message: message ?? t('actions.done'), autoClose: 3000 });
      return true;
    } catch (error) {
      notifications.show({ color: 'red', title: t('actions.failed'), message: errorMessage(error), autoClose: 6000 });
      return false;
    }
  };

  const status = (action: TTenantAction) => can.manage && canTransition(action, tenant.status);
  const items: { key: string; label: string; icon: ReactNode; color?: string; onClick: () => void }[] = [];
  if (onView) items.push({ key: 'view', label: t('actions.view'), icon: <IconEye size={16} />, onClick: onView });
  if (onEdit && can.manage) items.push({ key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: onEdit });
  if (status('approve')) items.push({ key: 'approve', label: t('actions.approve'), icon: <IconCircleCheck size={16} />, color: 'teal', onClick: () => void perform(() => platformApi.approve(tenant.id)) });
  // On a trial, activating ends the trial (the restaurant keeps its own plan): named so, and asked first.
  const endsTrial = tenant.status === 'trial';
  const activate = () => void perform(() => platformApi.activate(tenant.id));
  if (status('activate')) {
    items.push({
      key: 'activate',
      label: t(endsTrial ? 'actions.end_trial' : 'actions.activate'),
      icon: <IconPlayerPlay size={16} />,
      color: 'teal',
      onClick: endsTrial
        ? () =>
            openConfirm({
              title: t('actions.end_trial_title', { name: tenant.name }),
              children: <Text size="sm">{t('actions.end_trial_text', { plan: t(`plan.${tenant.plan_id}`) })}</Text>,
              labels: { confirm: t('actions.end_trial'), cancel: t('actions.back') },
              centered: true,
              onConfirm: activate,
            })
        : activate,
    });
  }
  if (status('start_trial')) items.push({ key: 'trial', label: t('actions.start_trial'), icon: <IconClockPlay size={16} />, color: 'grape', onClick: () => setDialog('trial') });
  if (status('suspend')) items.push({ key: 'suspend', label: t('actions.suspend'), icon: <IconBan size={16} />, color: 'red', onClick: () => setDialog('suspend') });
  if (can.remove) items.push({ key: 'delete', label: t('actions.delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => setDialog('delete') });

  const dialogs = (
    <>
      <ReasonModal
        opened={dialog === 'suspend'}
        saving={mutation.isPending}
        onClose={() => setDialog(null)}
        minLength={SUSPEND_REASON_MIN}
        maxLength={SUSPEND_REASON_MAX}
        labels={{
          title: t('actions.suspend_title', { name: tenant.name }),
          text: t('actions.suspend_text'),
          label: t('actions.suspend_reason'),
          placeholder: t('actions.suspend_placeholder'),
          back: t('actions.back'),
          confirm: t('actions.suspend'),
        }}
        onConfirm={(reason) => perform(() => platformApi.suspend(tenant.id, reason))}
      />
      {dialog === 'trial' && <TrialModal tenant={tenant} opened saving={mutation.isPending} onClose={() => setDialog(null)} onConfirm={(endsAt) => perform(() => platformApi.startTrial(tenant.id, endsAt))} />}
      <DeleteModal
        tenant={tenant}
        opened={dialog === 'delete'}
        saving={mutation.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (slug) => {
          const ok = await perform(() => platformApi.remove(tenant.id, slug));
          if (ok) onDeleted?.();
          return ok;
        }}
      />
    </>
  );

  if (variant === 'buttons') {
    return (
      <>
        <Group gap="xs" wrap="wrap">
          {items
            .filter((item) => item.key !== 'view')
            .map((item) => (
              <Button key={item.key} size="xs" variant="light" color={item.color} leftSection={item.icon} onClick={item.onClick} loading={mutation.isPending && (item.key === 'approve' || item.key === 'activate')}>
                {item.label}
              </Button>
            ))}
        </Group>
        {dialogs}
      </>
    );
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name: tenant.name })} onClick={(e) => e.stopPropagation()} loading={mutation.isPending}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
          {items.map((item, i) => (
            <div key={item.key}>
              {item.key === 'delete' && i > 0 && <Menu.Divider />}
              <Menu.Item leftSection={item.icon} color={item.color} onClick={item.onClick}>
                {item.label}
              </Menu.Item>
            </div>
          ))}
        </Menu.Dropdown>
      </Menu>
      {dialogs}
    </>
  );
}
