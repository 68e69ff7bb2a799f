import { useTranslation } from '../../app/i18n.ts';
import { DayInput } from './day-input.tsx';

/** The end of a typed range the list may ask for: none while the range runs backwards (it would only earn a 422). */
export const rangeEnd = (from: string, to: string) => (to && (!from || to >= from) ? to : undefined);

/**
 * A list's from/to date filters, half a row each on a phone: each limits the other's picker, and an end typed before
 * the start says so (the list leaves that end out meanwhile, see rangeEnd).
 */
export function DateRangeFields({ from, to, onChange, width }: { from: string; to: string; onChange: (patch: { from?: string; to?: string }) => void; width: number }) {
  const { t } = useTranslation('common');
  const w = { base: 'calc(50% - 6px)', xs: width };
  return (
    <>
      <DayInput short clearable label={t('date_range.from')} value={from || null} maxDate={to || undefined} onChange={(day) => onChange({ from: day ?? '' })} w={w} />
      <DayInput
        short
        clearable
        label={t('date_range.to')}
        value={to || null}
        minDate={from || undefined}
        onChange={(day) => onChange({ to: day ?? '' })}
        error={to && from && to < from ? t('date_range.backwards') : undefined}
        w={w}
      />
    </>
  );
}
