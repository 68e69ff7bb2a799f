import { useEffect, useRef, type CSSProperties } from 'react';
import { Chip, Group, rem, Stack, Text } from '../../../components/lite/index.ts';
import { NativeSelect, Radio, RadioGroup } from '../../../components/lite/form-inputs.tsx';
import { useTranslation } from '../../../app/i18n.ts';
import type { TOrderDay, TOrderingOptions } from '@tavolo/contracts/orders';
import { dayLabel } from '../../../lib/order-days.ts';

export const ASAP = 'asap';

export interface OrderTime {
  /** YYYY-MM-DD on the restaurant's clock; '' for as soon as possible (or today, when the server sends no days). */
  date: string;
  /** HH:MM, or ASAP. */
  time: string;
}

/** The days the guest may choose from: the server's days, or today's slots when it sends none. */
export function orderDays(options: TOrderingOptions): TOrderDay[] {
  if (options.days?.length) return options.days;
  return options.slots.length ? [{ date: '', slots: options.slots.map((time) => ({ time, full: false })) }] : [];
}

/** The first time still free (for "Schedule for later" and when ASAP is not possible). */
export function firstFree(options: TOrderingOptions): OrderTime | null {
  for (const day of orderDays(options)) {
    const slot = day.slots.find((s) => !s.full);
    if (slot) return { date: day.date, time: slot.time };
  }
  return null;
}

export const asapPossible = (options: TOrderingOptions) => (options.asap_enabled ?? true) && options.open_now;

/** Less side padding than Mantine's 20 px, so an hour's four quarter-hour slots fit one row on a 375 px phone. */
const NARROW_CHIP = { '--chip-padding': '13px' } as CSSProperties;

/** A row of chips (28 px) and the gap below it (6 px): a long day's list is cut through its ninth row. */
const ROW_PX = 34;
const LONG_DAY_HEIGHT = ROW_PX * 8 + ROW_PX / 2;

/** The slots in rows, one per hour of the day. */
function byHour(slots: TOrderDay['slots']): TOrderDay['slots'][] {
  const rows = new Map<string, TOrderDay['slots']>();
  for (const slot of slots) rows.set(slot.time.slice(0, 2), [...(rows.get(slot.time.slice(0, 2)) ?? []), slot]);
  return [...rows.values()];
}

/** As soon as possible (about N minutes), or a day and a time; full times are shown but cannot be chosen. */
export function OrderTimePicker({ options, value, onChange, error, label }: { options: TOrderingOptions; value: OrderTime; onChange: (v: OrderTime) => void; error?: string; label: string }) {
  const { t, i18n } = useTranslation('ordering');
  const days = orderDays(options);
  const asap = asapPossible(options);
  const later = days.some((d) => d.slots.some((s) => !s.full));
  const mode = value.time === ASAP ? 'asap' : 'later';
  const day = days.find((d) => d.date === value.date) ?? days[0];

  const setMode = (next: string) => {
    if (next === 'asap') onChange({ date: '', time: ASAP });
    else onChange(firstFree(options) ?? { date: '', time: '' });
  };
  // Another day keeps the time of day chosen if it is free then ("19:00 tomorrow", not the night's first slot).
  const setDay = (date: string) => {
    const chosen = days.find((d) => d.date === date);
    const free = chosen?.slots.filter((s) => !s.full) ?? [];
    const slot = free.find((s) => s.time === value.time) ?? free[0];
    onChange({ date: chosen?.date ?? '', time: slot?.time ?? '' });
  };
  // The chosen time stays in sight inside the scrolling list (without scrolling the page).
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = list.current;
    const chip = box?.querySelector<HTMLInputElement>('input:checked');
    if (!box || !chip || box.scrollHeight <= box.clientHeight) return;
    const row = chip.closest<HTMLElement>('[data-hour]');
    if (row && (row.offsetTop < box.scrollTop || row.offsetTop + row.offsetHeight > box.scrollTop + box.clientHeight)) box.scrollTop = row.offsetTop - ROW_PX;
  }, [value.date, mode]);

  if (!asap && !later) {
    return (
      <Text size="sm" c="orange.8">
        {t('time.no_days')}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <RadioGroup label={label} value={mode} onChange={setMode}>
        <Stack gap="xs" style={{ marginTop: rem(6) }}>
          {asap && <Radio value="asap" label={options.lead_time_minutes ? t('time.asap_about', { minutes: options.lead_time_minutes }) : t('time.asap')} />}
          {later && <Radio value="later" label={t('time.later')} />}
        </Stack>
      </RadioGroup>
      {/* Why "as soon as possible" is missing: the guest otherwise sees only a preselected time and no reason. */}
      {!options.open_now && (
        <Text size="sm" c="dimmed">
          {t(options.paused_until ? 'time.busy_now' : 'time.closed_now')}
        </Text>
      )}
      {mode === 'later' && day && (
        <Stack gap="xs">
          {days.length > 1 && (
            // The phone's own picker; no dropdown code to load with the checkout (a week's days are few).
            <NativeSelect
              label={t('time.day')}
              data={days.map((d) => ({ value: d.date, label: dayLabel(d.date, options.time_zone, i18n.language, t), disabled: !d.slots.some((s) => !s.full) }))}
              value={day.date}
              onChange={(event) => setDay(event.currentTarget.value)}
              style={{ maxWidth: rem(320) }}
            />
          )}
          <Text size="sm" fw={500}>
            {t('time.time')}
          </Text>
          {day.slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('time.no_slots')}
            </Text>
          ) : (
            /* A long day (a kitchen open from morning to night) reads as a timetable: one row per hour, scrolling,
                cut through the ninth row so that a phone, whose scroll bars show only while scrolling, hints at more. */
            <div ref={list} style={day.slots.length > 16 ? { maxHeight: LONG_DAY_HEIGHT, overflowY: 'auto', position: 'relative' } : undefined}>
              <Stack gap={6} role="radiogroup" aria-label={t('time.time')}>
                {byHour(day.slots).map((row) => (
                  <Group key={row[0]!.time} gap={6} data-hour>
                    {row.map((s) => (
                      <Chip
                        key={s.time}
                        type="radio"
                        // One group: a single Tab stop, arrows between the times (96 Tab stops on a long day before).
                        name="order-time"
                        value={s.time}
                        checked={value.time === s.time}
                        onChange={(checked) => checked && onChange({ date: day.date, time: s.time })}
                        disabled={s.full}
                        size="sm"
                        style={NARROW_CHIP}
                      >
                        {s.full ? `${s.time} · ${t('time.full')}` : s.time}
                      </Chip>
                    ))}
                  </Group>
                ))}
              </Stack>
            </div>
          )}
        </Stack>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
