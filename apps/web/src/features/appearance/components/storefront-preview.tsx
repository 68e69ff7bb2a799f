import { Avatar, Badge, Box, Button, Card, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingBagPlus, IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { HEX_COLOR, type TAppearance } from '@tavolo/contracts/appearance';
import { LooksScope } from '../../../components/ui/looks-scope.tsx';
import { useCurrencySymbol } from '../../../lib/currencies.ts';
import { money } from '../../../lib/format.ts';
import { initials } from '../../../lib/initials.ts';

interface Props {
  looks: Pick<TAppearance, 'theme' | 'primary_color' | 'accent_color'>;
  name: string;
  /** Small, for the theme gallery: header and one product only. */
  compact?: boolean;
}

/**
 * A miniature storefront in the given looks: the restaurant's header, a category row, a product card and its
 * button. Drawn with the same components and the same theme code as the real storefront, so it shows what guests see.
 */
export function StorefrontPreview({ looks, name, compact = false }: Props) {
  const { t } = useTranslation('appearance');
  // The sample dish in the restaurant's own currency (a fixed '€12.50' showed euros to a dollar restaurant).
  const symbol = useCurrencySymbol();
  // While a colour is half typed, keep showing the last whole one.
  const safe = HEX_COLOR.test(looks.primary_color) && HEX_COLOR.test(looks.accent_color) ? looks : { ...looks, primary_color: '#888888', accent_color: '#cccccc' };

  return (
    <LooksScope looks={safe} scope="box">
      <Box bg="gray.0" p={compact ? 'xs' : 'md'} style={{ borderRadius: 'var(--mantine-radius-md)', pointerEvents: compact ? 'none' : undefined }} aria-hidden={compact || undefined}>
        <Stack gap={compact ? 'xs' : 'sm'}>
          <Box bg="var(--mantine-color-accent-filled)" c="var(--looks-on-accent)" px="sm" py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="xs" fw={600} ta="center" truncate>
              {t('preview.offer')}
            </Text>
          </Box>
          <Paper withBorder p={compact ? 'xs' : 'sm'} radius="lg" data-testid={compact ? undefined : 'preview-header'}>
            <Group gap="sm" wrap="nowrap">
              <Avatar radius="xl" variant="filled" color="brand" size={compact ? 32 : 44}>
                {initials(name)}
              </Avatar>
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Title order={3} fz={compact ? 'sm' : 'lg'} lh={1.2} lineClamp={1}>
                  {name}
                </Title>
                {!compact && (
                  <Text size="xs" c="dimmed">
                    {t('preview.tagline')}
                  </Text>
                )}
              </Stack>
              <Badge variant="light" color="green" size={compact ? 'xs' : 'sm'}>
                {t('preview.open')}
              </Badge>
            </Group>
          </Paper>
          {!compact && (
            <Group gap={6}>
              <Badge variant="filled" size="lg" radius="xl">
                {t('preview.all')}
              </Badge>
              <Badge variant="default" size="lg" radius="xl">
                {t('preview.pasta')}
              </Badge>
              <Badge variant="default" size="lg" radius="xl">
                {t('preview.desserts')}
              </Badge>
            </Group>
          )}
          <Card withBorder radius="md" padding={compact ? 'xs' : 'sm'}>
            <Group gap="sm" wrap="nowrap" align="stretch">
              <Center w={compact ? 48 : 88} bg="var(--mantine-color-accent-1)" c="var(--mantine-color-accent-8)" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
                <IconToolsKitchen2 size={compact ? 20 : 32} stroke={1.5} aria-hidden />
              </Center>
              <Stack gap={4} miw={0} style={{ flex: 1 }}>
                <Text fw={600} size={compact ? 'xs' : 'sm'} truncate>
                  {t('preview.dish')}
                </Text>
                <Text size="xs" c="var(--mantine-primary-color-8)" fw={600} tt="uppercase" lts={0.4}>
                  {t('preview.pasta')}
                </Text>
                <Group justify="space-between" gap="xs" wrap={compact ? 'nowrap' : 'wrap'}>
                  <Text fw={700} size={compact ? 'xs' : 'md'} style={{ whiteSpace: 'nowrap' }}>
                    {money(1250, symbol)}
                  </Text>
                  <Button size={compact ? 'compact-xs' : 'xs'} leftSection={compact ? undefined : <IconShoppingBagPlus size={14} />} tabIndex={-1} data-testid={compact ? undefined : 'preview-button'}>
                    {t('preview.add')}
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Card>
        </Stack>
      </Box>
    </LooksScope>
  );
}
