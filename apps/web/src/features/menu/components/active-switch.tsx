import type { ReactNode } from 'react';
import { Badge, Switch, type MantineSize } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';

interface Props {
  /** Without menu.manage the state is only shown: a badge, not a switch that cannot be switched. */
  canManage: boolean;
  active: boolean;
  busy: boolean;
  onToggle: (active: boolean) => void;
  ariaLabel: string;
  label?: ReactNode;
  size?: MantineSize;
}

/** A category's or dish's "visible to guests" switch. */
export function ActiveSwitch({ canManage, active, busy, onToggle, ariaLabel, label, size }: Props) {
  const { t } = useTranslation('menu');
  if (!canManage) {
    return (
      <Badge variant="light" color={active ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
        {active ? t('status.active') : t('status.inactive')}
      </Badge>
    );
  }
  return <Switch size={size} checked={active} disabled={busy} onChange={(e) => onToggle(e.currentTarget.checked)} aria-label={ariaLabel} label={label} />;
}
