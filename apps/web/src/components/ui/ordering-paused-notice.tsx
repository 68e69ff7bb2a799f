import { Alert } from '../lite/index.ts';
import { IconClockPause } from '@tabler/icons-react';
import { useTranslation } from '../../app/i18n.ts';
import { timeOnly } from '../../lib/format.ts';

/**
 * "The kitchen is very busy: orders for as soon as possible resume at 19:30" (storefront and checkout) while staff
 * paused ordering; `later`: the checkout still takes orders for a time after the pause, and says so.
 */
export function OrderingPausedNotice({ pausedUntil, timeZone, later = false }: { pausedUntil: string | null | undefined; timeZone: string | undefined; later?: boolean }) {
  const { t } = useTranslation('ordering');
  if (!pausedUntil) return null;
  const time = timeOnly(pausedUntil, timeZone);
  return (
    <Alert color="orange" variant="light" icon={<IconClockPause />} title={t('storefront.paused_title')} role="status">
      {t(later ? 'storefront.paused_later' : 'storefront.paused', { time })}
    </Alert>
  );
}
