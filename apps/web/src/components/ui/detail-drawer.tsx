import type { ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Anchor, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMail, IconPhone } from '@tabler/icons-react';

/**
 * The right-hand drawer of one list entry (full width on phones): its detail once loaded, the failure in words,
 * or a skeleton meanwhile. Labels come translated from the caller.
 */
export function DetailDrawer({
  opened,
  onClose,
  title,
  closeLabel,
  loadingLabel,
  errorMessage,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  loadingLabel: string;
  /** Set when loading failed; shown instead of the skeleton. */
  errorMessage: string | null;
  /** The detail, once loaded. */
  children?: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      closeButtonProps={{ 'aria-label': closeLabel }}
      title={
        <Text fw={700} fz="lg">
          {title}
        </Text>
      }
    >
      {children ? (
        children
      ) : errorMessage !== null ? (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {errorMessage}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={loadingLabel}>
          <Skeleton height={28} width="40%" />
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Drawer>
  );
}

/** A small uppercase caption over its value. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** The boxed row of next steps at the top of a detail; `label` names the group for screen readers too. */
export function DetailActions({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
        {label}
      </Text>
      <Group gap="xs" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

/** Tap-to-call link; `label` is the accessible name ("Call Maria"). */
export function PhoneLink({ phone, label }: { phone: string; label: string }) {
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm" aria-label={label}>
      <Group gap={6} wrap="nowrap" component="span">
        <IconPhone size={16} aria-hidden />
        {phone}
      </Group>
    </Anchor>
  );
}

/** Mail link that breaks long addresses on phones; `label` is the accessible name ("E-mail Maria"). */
export function EmailLink({ email, label }: { email: string; label: string }) {
  return (
    <Anchor href={`mailto:${email}`} size="sm" aria-label={label} style={{ wordBreak: 'break-all' }}>
      <Group gap={6} wrap="nowrap" component="span">
        <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} />
        {email}
      </Group>
    </Anchor>
  );
}
