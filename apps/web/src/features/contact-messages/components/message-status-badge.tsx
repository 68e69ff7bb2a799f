import { Badge } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TContactMessageStatus } from '@tavolo/contracts/marketing';

export function MessageStatusBadge({ status }: { status: TContactMessageStatus }) {
  const { t } = useTranslation('contact');
  return (
    <Badge size="sm" variant={status === 'new' ? 'filled' : 'outline'} color={status === 'new' ? 'red.9' : 'gray.7'} style={{ flexShrink: 0 }}>
      {t(status === 'new' ? 'messages.status_new' : 'messages.status_handled')}
    </Badge>
  );
}
