import { Button, ColorInput, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { SaveBar } from '../../../components/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.ts';
import { THEME_NAMES, THEME_PRESETS, type TAppearance } from '@tavolo/contracts/appearance';
import { useLooksForm } from '../hooks/use-looks-form.ts';
import { ContrastCheck } from './contrast-check.tsx';
import { StorefrontPreview } from './storefront-preview.tsx';

const FIELDS = ['primary_color', 'accent_color'] as const;

// Every preset's colours plus a few proven restaurant colours; each primary here passes the contrast check.
const PRIMARY_SWATCHES = [...new Set([...THEME_NAMES.map((n) => THEME_PRESETS[n].primary_color), '#c2255c', '#6741d9', '#0b7285', '#e8590c', '#364fc7'])];
const ACCENT_SWATCHES = [...new Set([...THEME_NAMES.map((n) => THEME_PRESETS[n].accent_color), '#ffd43b', '#ff8787', '#63e6be', '#f783ac', '#ced4da'])];

/** Primary and accent colour with a live preview of the storefront and the contrast check. */
export function ColorsEditor({ looks, name }: { looks: TAppearance; name: string }) {
  const { t } = useTranslation('appearance');
  const { form, submit, saving } = useLooksForm(looks, FIELDS);
  const values = form.getValues();
  const preset = THEME_PRESETS[looks.theme];
  const isPreset = values.primary_color === preset.primary_color && values.accent_color === preset.accent_color;

  return (
    <form onSubmit={submit} noValidate>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Stack gap="md">
                <ColorInput
                  label={t('colors.primary')}
                  description={t('colors.primary_hint')}
                  format="hex"
                  swatches={PRIMARY_SWATCHES}
                  swatchesPerRow={10}
                  withEyeDropper={false}
                  closeOnColorSwatchClick
                  {...form.getInputProps('primary_color')}
                  onChange={(value) => form.setFieldValue('primary_color', value.toLowerCase())}
                />
                <ColorInput
                  label={t('colors.accent')}
                  description={t('colors.accent_hint')}
                  format="hex"
                  swatches={ACCENT_SWATCHES}
                  swatchesPerRow={10}
                  withEyeDropper={false}
                  closeOnColorSwatchClick
                  {...form.getInputProps('accent_color')}
                  onChange={(value) => form.setFieldValue('accent_color', value.toLowerCase())}
                />
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {t('colors.theme_note', { theme: t(`themes.${looks.theme}.name`) })}
                  </Text>
                  {!isPreset && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconRestore size={14} />}
                      onClick={() => form.setValues({ primary_color: preset.primary_color, accent_color: preset.accent_color })}
                    >
                      {t('colors.use_theme_colors')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
            <ContrastCheck primary={values.primary_color} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="looks-preview-title">
            <Stack gap="sm">
              <div>
                <Title order={3} fz="md" id="looks-preview-title">
                  {t('preview.title')}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('preview.hint')}
                </Text>
              </div>
              <StorefrontPreview looks={{ theme: looks.theme, ...values }} name={name} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <LooksSaveBar dirty={form.isDirty()} saving={saving} onReset={() => form.reset()} />
    </form>
  );
}

/** The sticky save bar of the looks pages, which ask before their unsaved changes are left. */
export function LooksSaveBar({ dirty, saving, onReset }: { dirty: boolean; saving: boolean; onReset: () => void }) {
  useLeaveGuard(dirty);
  const { t } = useTranslation('appearance');
  return (
    <Stack gap="sm" mt="lg">
      <SaveBar dirty={dirty} saving={saving} onDiscard={onReset} saveLabel={t('save')} />
    </Stack>
  );
}
