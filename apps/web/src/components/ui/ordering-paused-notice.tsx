import { Alert } from '../lite/index.ts';
import { IconClockPause } from '@tabler/icons-react';
import { useTranslation } from '../../app/i18n.ts';
import { timeOnly } from '../../lib/format.ts';

/** "The kitchen is very busy: online orders resume at 19:30" (storefront and checkout) while staff paused ordering. */
export function OrderingPausedNotice({ pausedUntil, timeZone }: { pausedUntil: string | null | undefined; timeZone: string | undefined }) {
  const { t } = useTranslation('ordering');
  if (!pausedUntil) return null;
  const time = timeOnly(pausedUntil, timeZone);
  return (
    <Alert color="orange" variant="light" icon={<IconClockPause />} title={t('storefront.paused_title')} role="status">
      {t('storefront.paused', { time })}
    </Alert>
  );
}
