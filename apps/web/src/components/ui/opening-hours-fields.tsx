import type { ReactNode } from 'react';
import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../app/i18n.ts';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import { isOvernight } from '@tavolo/contracts/time';

/** Monday first; the form keeps the days in their number order (0 = Sunday), as the server does. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * A week of hours (open switch, opens, closes per day), for any form that holds a `TOpeningDay[]`: the opening
 * hours in the settings and the reservation hours of the booking rules. The form stays the caller's: it
 * hands over the days, the props of each time field and what an open switch does. A close earlier than the open
 * runs past midnight (a bar open 18:00–02:00); the day says so under its times.
 */
export function OpeningHoursFields({
  days,
  error,
  timeProps,
  onOpenChange,
  disabled,
}: {
  days: TOpeningDay[];
  error?: ReactNode;
  timeProps: (index: number, field: 'open' | 'close') => object;
  onOpenChange: (index: number, open: boolean) => void;
  disabled?: boolean;
}) {
  // The day and hour labels live with the opening hours in the settings namespace.
  const { t } = useTranslation('settings');
  return (
    <Stack gap="xs">
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {WEEK_ORDER.map((dayNumber) => {
        const index = days.findIndex((d) => d.day === dayNumber);
        if (index < 0) return null;
        const day = days[index]!;
        const label = t(`days.${dayNumber}`);
        return (
          <Group key={dayNumber} gap="sm" wrap="wrap" align="flex-start" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Text fw={500} w={110} pt={6}>
              {label}
            </Text>
            <Switch
              pt={8}
              w={110}
              label={day.closed ? t('hours.closed') : t('hours.open')}
              checked={!day.closed}
              disabled={disabled}
              onChange={(event) => onOpenChange(index, event.currentTarget.checked)}
              aria-label={t('hours.open_on', { day: label })}
            />
            {!day.closed && (
              <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 220px' }}>
                <TextInput type="time" aria-label={t('hours.opens_on', { day: label })} style={{ flex: 1 }} disabled={disabled} {...timeProps(index, 'open')} />
                <Text pt={6} c="dimmed">
                  –
                </Text>
                <TextInput type="time" aria-label={t('hours.closes_on', { day: label })} style={{ flex: 1 }} disabled={disabled} {...timeProps(index, 'close')} />
              </Group>
            )}
            {!day.closed && isOvernight(day) && (
              <Text size="sm" c="dimmed" w="100%" ta="right">
                {t('hours.next_day', { time: day.close })}
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
