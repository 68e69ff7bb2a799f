import { TextInput } from '@mantine/core';
import { useTranslation } from '../../app/i18n.ts';

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
      <TextInput label={t('date_range.from')} type="date" value={from} max={to || undefined} onChange={(event) => onChange({ from: event.currentTarget.value })} w={w} />
      <TextInput
        label={t('date_range.to')}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        error={to && from && to < from ? t('date_range.backwards') : undefined}
        w={w}
      />
    </>
  );
}
