import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDomainCheckState } from '../hooks/use-domain-check.ts';

/** The live answer of the availability check: icon and text, announced politely to screen readers. */
export function DomainStatus({ id, state, hidden }: { id: string; state: TDomainCheckState; hidden?: boolean }) {
  const { t } = useTranslation('marketing');
  let content = null;
  if (!hidden) {
    switch (state.status) {
      case 'checking':
        content = (
          <Group gap={6} wrap="nowrap" c="dimmed">
            <Loader size={14} color="gray" aria-hidden />
            <Text size="sm">{t('register.domain.checking')}</Text>
          </Group>
        );
        break;
      case 'available':
        content = (
          <Group gap={6} wrap="nowrap" c="var(--mantine-color-teal-text)" data-status="available">
            <IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={500}>
              {t('register.domain.available', { domain: state.domain })}
            </Text>
          </Group>
        );
        break;
      case 'unavailable':
        content = (
          <Group gap={6} wrap="nowrap" align="flex-start" c="red.8" data-status="unavailable">
            <IconCircleX size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
            <Text size="sm" fw={500}>
              {state.reason ?? t('register.domain.unavailable')}
            </Text>
          </Group>
        );
        break;
      case 'error':
        content = (
          <Group gap={6} wrap="nowrap" align="flex-start" c="orange.9" data-status="error">
            <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
            <Text size="sm">{t('register.domain.check_failed')}</Text>
          </Group>
        );
        break;
      default:
        content = null;
    }
  }
  return (
    <div id={id} aria-live="polite" aria-atomic="true">
      {content}
    </div>
  );
}
