import { Badge, type BadgeProps } from '@mantine/core';
import i18n, { useTranslation } from '../../../app/i18n.ts';
import type { TOrderStatus } from '@tavolo/contracts/orders';
import { dateFormat } from '../../../lib/format.ts';

export const STATUS_COLORS: Record<TOrderStatus, string> = {
  pending: 'orange',
  accepted: 'blue',
  preparing: 'grape',
  ready: 'teal',
  completed: 'gray',
  rejected: 'red',
  cancelled: 'red',
};

const locale = () => (i18n.language === 'de' ? 'de-DE' : 'en-US');

/** "23 Nov, 14:05" in the staff member's language, on the given time zone's clock (the restaurant's: a ticket and the screen agree wherever the browser is). */
export function dateTime(iso: string, timeZone: string): string {
  return dateFormat(locale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

export function timeOnly(iso: string, timeZone?: string): string {
  return dateFormat(locale(), { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

export function OrderStatusBadge({ status, ...props }: { status: TOrderStatus } & BadgeProps) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === 'pending' ? 'filled' : 'light'} styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }} {...props}>
      {t(`status.${status}`)}
    </Badge>
  );
}
