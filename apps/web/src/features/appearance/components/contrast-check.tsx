import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { CONTRAST_AA_TEXT, CONTRAST_AA_UI, HEX_COLOR, TEXT_ON_DARK, checkPrimaryContrast, formatRatio } from '@tavolo/contracts/appearance';

function Row({ label, ratio, sample, need }: { label: string; ratio: number; sample: { bg: string; fg: string; text: string }; need: number }) {
  const { t, i18n } = useTranslation('appearance');
  const level = ratio >= CONTRAST_AA_TEXT ? 'good' : ratio >= need ? 'ok' : 'fail';
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Box bg={sample.bg} c={sample.fg} px={10} py={4} fw={700} fz="sm" style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }} aria-hidden>
          {sample.text}
        </Box>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {t('contrast.ratio', { ratio: formatRatio(ratio, i18n.language) })}
          </Text>
        </Stack>
      </Group>
      <Badge
        color={level === 'fail' ? 'red' : level === 'ok' ? 'yellow' : 'green'}
        variant="light"
        leftSection={level === 'fail' ? <IconAlertTriangle size={12} /> : <IconCircleCheck size={12} />}
        style={{ flexShrink: 0 }}
      >
        {t(`contrast.${level}`)}
      </Badge>
    </Group>
  );
}

/** Both contrasts the server checks for a primary colour, as numbers and in words, while the owner picks. */
export function ContrastCheck({ primary }: { primary: string }) {
  const { t } = useTranslation('appearance');
  if (!HEX_COLOR.test(primary)) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          {t('contrast.enter_color')}
        </Text>
      </Paper>
    );
  }
  const check = checkPrimaryContrast(primary);
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite" data-testid="contrast-check">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md">
            {t('contrast.title')}
          </Title>
          <Badge color={check.ok ? 'green' : 'red'} variant="filled" data-testid="contrast-verdict">
            {check.ok ? t('contrast.pass') : t('contrast.fail_short')}
          </Badge>
        </Group>
        <Row
          label={t('contrast.button_text', { color: check.text === TEXT_ON_DARK ? t('contrast.white') : t('contrast.dark') })}
          ratio={check.text_ratio}
          need={CONTRAST_AA_UI}
          sample={{ bg: primary, fg: check.text, text: 'Aa' }}
        />
        <Row label={t('contrast.on_page')} ratio={check.page_ratio} need={CONTRAST_AA_UI} sample={{ bg: '#ffffff', fg: primary, text: 'Aa' }} />
        <Text size="xs" c={check.ok ? 'dimmed' : 'red.8'}>
          {check.ok ? t('contrast.explain') : t('contrast.fail_explain')}
        </Text>
      </Stack>
    </Paper>
  );
}
