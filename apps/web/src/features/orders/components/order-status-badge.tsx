import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TOrderStatus } from '@tavolo/contracts/orders';

export const STATUS_COLORS: Record<TOrderStatus, string> = {
  pending: 'orange',
  accepted: 'blue',
  preparing: 'grape',
  ready: 'teal',
  completed: 'gray',
  rejected: 'red',
  cancelled: 'red',
};

export function OrderStatusBadge({ status, ...props }: { status: TOrderStatus } & BadgeProps) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === 'pending' ? 'filled' : 'light'} styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }} {...props}>
      {t(`status.${status}`)}
    </Badge>
  );
}
