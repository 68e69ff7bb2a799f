import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { STATUS_COLORS } from './inbox-kinds.tsx';

export function InboxStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const { t } = useTranslation('inbox');
  const open = status === 'pending' || status === 'new';
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant={open ? 'filled' : 'light'} styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }} {...props}>
      {t(`status.${status}`)}
    </Badge>
  );
}
