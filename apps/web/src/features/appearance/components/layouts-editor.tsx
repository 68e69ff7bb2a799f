import type { ReactNode } from 'react';
import { Box, Group, Paper, Radio, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { HEADER_STYLES, MENU_LAYOUTS, type TAppearance, type THeaderStyle, type TMenuLayout } from '@tavolo/contracts/appearance';
import { useLooksForm } from '../hooks/use-looks-form.ts';
import { BannerField } from './banner-field.tsx';
import { LooksSaveBar } from './colors-editor.tsx';

const FIELDS = ['menu_layout', 'header_style'] as const;

const bar = (w: string | number, h = 6, bg = 'var(--mantine-color-gray-3)') => <Box w={w} h={h} bg={bg} style={{ borderRadius: 3 }} />;

/** A tiny drawing of each menu layout. */
function LayoutSketch({ layout }: { layout: TMenuLayout }) {
  const card = (key: number) =>
    layout === 'grid' ? (
      <Stack key={key} gap={3} p={4} bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
        <Box h={20} bg="var(--mantine-primary-color-light)" style={{ borderRadius: 2 }} />
        {bar('80%', 4)}
        {bar('50%', 4)}
      </Stack>
    ) : (
      <Group key={key} gap={5} p={4} bg="white" wrap="nowrap" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
        <Box w={22} h={16} bg="var(--mantine-primary-color-light)" style={{ borderRadius: 2, flexShrink: 0 }} />
        <Stack gap={3} style={{ flex: 1 }}>
          {bar('70%', 4)}
          {bar('40%', 4)}
        </Stack>
      </Group>
    );
  return layout === 'grid' ? (
    <SimpleGrid cols={3} spacing={4}>
      {[0, 1, 2].map(card)}
    </SimpleGrid>
  ) : (
    <Stack gap={4}>{[0, 1].map(card)}</Stack>
  );
}

/** A tiny drawing of each header style. */
function HeaderSketch({ style }: { style: THeaderStyle }) {
  const logo = <Box w={16} h={16} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: '50%', flexShrink: 0 }} />;
  const card = (
    <Box p={6} bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
      {style === 'centered' ? (
        <Stack gap={3} align="center">
          {logo}
          {bar('60%', 5, 'var(--mantine-color-gray-5)')}
          {bar('40%', 4)}
        </Stack>
      ) : (
        <Group gap={6} wrap="nowrap">
          {logo}
          <Stack gap={3} style={{ flex: 1 }}>
            {bar('60%', 5, 'var(--mantine-color-gray-5)')}
            {bar('40%', 4)}
          </Stack>
        </Group>
      )}
    </Box>
  );
  if (style !== 'banner') return card;
  return (
    <Box p={5} pt={26} style={{ borderRadius: 4, background: 'linear-gradient(135deg, var(--mantine-primary-color-filled), var(--mantine-color-gray-4))' }}>
      {card}
    </Box>
  );
}

function Choice({ value, label, description, sketch }: { value: string; label: string; description: string; sketch: ReactNode }) {
  return (
    <Radio.Card value={value} radius="md" p="sm" withBorder data-testid={`choice-${value}`}>
      <Stack gap="xs">
        <Box bg="gray.0" p={8} style={{ borderRadius: 6 }} aria-hidden>
          {sketch}
        </Box>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Radio.Indicator />
          <div>
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          </div>
        </Group>
      </Stack>
    </Radio.Card>
  );
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Menu layout (grid or list), header style and the banner picture. */
export function LayoutsEditor({ looks }: { looks: TAppearance }) {
  const { t } = useTranslation('appearance');
  const { form, submit, saving } = useLooksForm(looks, FIELDS);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t('layouts.menu_title')} hint={t('layouts.menu_hint')}>
          <Radio.Group {...form.getInputProps('menu_layout')} label={<VisuallyHidden>{t('layouts.menu_title')}</VisuallyHidden>}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} maw={560}>
              {MENU_LAYOUTS.map((layout) => (
                <Choice key={layout} value={layout} label={t(`layouts.menu.${layout}`)} description={t(`layouts.menu.${layout}_hint`)} sketch={<LayoutSketch layout={layout} />} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Section>

        <Section title={t('layouts.header_title')} hint={t('layouts.header_hint')}>
          <Radio.Group {...form.getInputProps('header_style')} label={<VisuallyHidden>{t('layouts.header_title')}</VisuallyHidden>}>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {HEADER_STYLES.map((style) => (
                <Choice key={style} value={style} label={t(`layouts.header.${style}`)} description={t(`layouts.header.${style}_hint`)} sketch={<HeaderSketch style={style} />} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Section>

        <Section title={t('banner.title')} hint={t('banner.hint')}>
          <BannerField looks={looks} />
          {form.getValues().header_style !== 'banner' && looks.banner_image && (
            <Text size="xs" c="dimmed">
              {t('banner.only_with_banner_style')}
            </Text>
          )}
        </Section>
      </Stack>
      <LooksSaveBar dirty={form.isDirty()} saving={saving} onReset={() => form.reset()} />
    </form>
  );
}
