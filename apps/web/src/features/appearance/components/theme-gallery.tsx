import { useState } from 'react';
import { Badge, Button, Card, ColorSwatch, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { THEME_NAMES, THEME_PRESETS, type TAppearance, type TThemeName } from '@tavolo/contracts/appearance';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { useSaveAppearance } from '../api/appearance-api.ts';
import { StorefrontPreview } from './storefront-preview.tsx';

/** The presets as cards, each with a miniature storefront; choosing one applies its colours at once. */
export function ThemeGallery({ looks, name }: { looks: TAppearance; name: string }) {
  const { t } = useTranslation('appearance');
  const save = useSaveAppearance();
  const notify = useSaveNotification();
  const [applying, setApplying] = useState<TThemeName | null>(null);
  // The theme is "current" only while its colours are unchanged; custom colours keep its fonts and corners.
  const customised = looks.primary_color !== THEME_PRESETS[looks.theme].primary_color || looks.accent_color !== THEME_PRESETS[looks.theme].accent_color;

  const apply = async (theme: TThemeName) => {
    setApplying(theme);
    try {
      const preset = THEME_PRESETS[theme];
      await notify(() => save.mutateAsync({ ...looks, theme, primary_color: preset.primary_color, accent_color: preset.accent_color }));
    } catch {
      // useSaveNotification has shown the reason.
    } finally {
      setApplying(null);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg">
      {THEME_NAMES.map((theme) => {
        const preset = THEME_PRESETS[theme];
        const current = looks.theme === theme;
        return (
          <Card
            key={theme}
            component="article"
            aria-labelledby={`theme-${theme}`}
            withBorder
            radius="md"
            padding="md"
            style={current ? { borderColor: 'var(--mantine-primary-color-filled)', boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)' } : undefined}
            data-testid={`theme-${theme}`}
          >
            <Card.Section>
              <StorefrontPreview looks={{ theme, primary_color: preset.primary_color, accent_color: preset.accent_color }} name={name} compact />
            </Card.Section>
            <Stack gap={6} mt="md" style={{ flex: 1 }}>
              <Group justify="space-between" gap="xs">
                <Title order={3} fz="md" id={`theme-${theme}`}>
                  {t(`themes.${theme}.name`)}
                </Title>
                {current && (
                  <Badge variant="light" leftSection={<IconCheck size={12} />}>
                    {customised ? t('themes.current_custom') : t('themes.current')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {t(`themes.${theme}.description`)}
              </Text>
              <Group gap="xs" mt={4}>
                <ColorSwatch color={preset.primary_color} size={20} aria-hidden />
                <ColorSwatch color={preset.accent_color} size={20} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t(`fonts.${preset.fonts}`)} · {t(`radius.${preset.radius}`)}
                </Text>
              </Group>
              <Button
                mt="sm"
                variant={current && !customised ? 'default' : 'light'}
                disabled={current && !customised}
                loading={applying === theme}
                onClick={() => void apply(theme)}
                aria-label={t('themes.apply_label', { name: t(`themes.${theme}.name`) })}
              >
                {current && !customised ? t('themes.in_use') : t('themes.apply')}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
