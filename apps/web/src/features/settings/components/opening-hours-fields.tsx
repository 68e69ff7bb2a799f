import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { SettingsFormValues } from '../hooks/use-settings-form.ts';

/** Monday first; the form keeps the days in their number order (0 = Sunday), as the server does. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

export function OpeningHoursFields({ form }: { form: UseFormReturnType<SettingsFormValues> }) {
  const { t } = useTranslation('settings');
  const days = form.values.opening_hours;
  return (
    <Stack gap="xs">
      {form.errors.opening_hours && (
        <Text c="red" size="sm" role="alert">
          {form.errors.opening_hours}
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
              onChange={(event) => form.setFieldValue(`opening_hours.${index}.closed`, !event.currentTarget.checked)}
              aria-label={t('hours.open_on', { day: label })}
            />
            {!day.closed && (
              <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 220px' }}>
                <TextInput
                  type="time"
                  aria-label={t('hours.opens_on', { day: label })}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`opening_hours.${index}.open`)}
                />
                <Text pt={6} c="dimmed">
                  –
                </Text>
                <TextInput
                  type="time"
                  aria-label={t('hours.closes_on', { day: label })}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`opening_hours.${index}.close`)}
                />
              </Group>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
