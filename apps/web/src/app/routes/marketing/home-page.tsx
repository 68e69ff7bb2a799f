import { Badge, Box, Button, Card, Container, Grid, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBellRinging,
  IconCalendarEvent,
  IconCheck,
  IconClockHour4,
  IconExternalLink,
  IconFileImport,
  IconListDetails,
  IconPlus,
  IconRocket,
  IconShoppingBag,
  IconToolsKitchen2,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { PlanCards } from '../../../features/marketing/components/plan-cards.tsx';
import { money } from '../../../lib/format.ts';
import { site, siteOrigin } from '../../site.ts';

/** The demo restaurant on this installation, e.g. http://demo.localhost:3000. */
const demoUrl = () => siteOrigin(`demo.${site.mainDomain}`);

const FEATURES = [
  { key: 'ordering', icon: IconShoppingBag },
  { key: 'reservations', icon: IconCalendarEvent },
  { key: 'menu', icon: IconListDetails },
  { key: 'roles', icon: IconUsersGroup },
  { key: 'domain', icon: IconWorld },
  { key: 'setup', icon: IconRocket },
] as const;

const ROLES = [
  { key: 'admin', color: 'orange' },
  { key: 'manager', color: 'teal' },
  { key: 'staff', color: 'blue' },
] as const;

const STEPS = ['register', 'menu', 'open'] as const;

function SectionHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text?: string }) {
  return (
    <Stack gap="xs" align="center" ta="center" maw={680} mx="auto" mb={40}>
      <Text c="orange.8" fw={700} size="sm" tt="uppercase" lts={1}>
        {eyebrow}
      </Text>
      <Title order={2} fz={{ base: 28, sm: 36 }} lh={1.2}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" size="lg">
          {text}
        </Text>
      )}
    </Stack>
  );
}

/** A small picture of the product: a storefront with its live order feed. */
function ProductPreview() {
  const { t } = useTranslation('marketing');
  const items = [
    { name: 'Margherita', price: money(1190), hue: 12 },
    { name: 'Funghi e Tartufo', price: money(1590), hue: 42 },
    { name: 'Tiramisù', price: money(750), hue: 330 },
  ];
  return (
    <Box pos="relative" pb={48} aria-hidden>
      <Paper withBorder shadow="xl" radius="lg" style={{ overflow: 'hidden' }}>
        <Group gap={6} px="md" py={10} bg="gray.1" wrap="nowrap">
          {['red.5', 'yellow.5', 'green.5'].map((color) => (
            <Box key={color} w={10} h={10} bg={color} style={{ borderRadius: 10 }} />
          ))}
          <Paper radius="xl" px="md" py={2} ml="sm" style={{ flex: 1 }}>
            <Text size="xs" c="dimmed" truncate>
              demo.{site.mainDomain}
            </Text>
          </Paper>
        </Group>
        <Box p="lg">
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="md" color="orange">
                <IconToolsKitchen2 size={22} />
              </ThemeIcon>
              <div>
                <Text fw={700}>Trattoria Demo</Text>
                <Text size="xs" c="dimmed">
                  {t('home.preview.pickup')}
                </Text>
              </div>
            </Group>
            <Badge color="teal" variant="light">
              {t('home.preview.open')}
            </Badge>
          </Group>
          <Stack gap="xs">
            {items.map((item) => (
              <Group key={item.name} justify="space-between" wrap="nowrap" p="xs" style={{ border: '1px solid var(--mantine-color-gray-2)', borderRadius: 10 }}>
                <Group gap="sm" wrap="nowrap">
                  <Box w={44} h={44} style={{ borderRadius: 8, background: `linear-gradient(135deg, hsl(${item.hue} 80% 75%), hsl(${item.hue + 30} 70% 55%))` }} />
                  <div>
                    <Text size="sm" fw={600}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.price}
                    </Text>
                  </div>
                </Group>
                <ThemeIcon size={26} radius="xl" variant="light">
                  <IconPlus size={16} />
                </ThemeIcon>
              </Group>
            ))}
          </Stack>
        </Box>
      </Paper>
      <Paper withBorder shadow="lg" radius="md" p="sm" pos="absolute" bottom={0} left={-28} w={300}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" radius="xl" size={34}>
            <IconBellRinging size={18} />
          </ThemeIcon>
          <div>
            <Text size="sm" fw={700}>
              {t('home.preview.order_title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('home.preview.order_text')}
            </Text>
          </div>
        </Group>
      </Paper>
    </Box>
  );
}

function Hero() {
  const { t } = useTranslation('marketing');
  return (
    <Box style={{ background: 'linear-gradient(180deg, var(--mantine-color-orange-0) 0%, var(--mantine-color-white) 100%)' }}>
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Grid gutter={{ base: 'md', md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Badge size="lg" variant="light" radius="xl" w="fit-content" leftSection={<IconClockHour4 size={14} />} style={{ textTransform: 'none' }}>
              {t('home.hero.badge')}
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.08} lts={-1}>
              {t('home.hero.title')}{' '}
              <Text span inherit c="orange.8">
                {t('home.hero.highlight')}
              </Text>
            </Title>
            <Text size="lg" c="dark.5" maw={560}>
              {t('home.hero.text')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/tenant-register" size="lg" radius="xl" px={24} rightSection={<IconArrowRight size={18} />}>
                {t('home.hero.cta')}
              </Button>
              <Button component="a" href={demoUrl()} size="lg" radius="xl" px={24} variant="default" rightSection={<IconExternalLink size={18} />}>
                {t('home.hero.demo')}
              </Button>
            </Group>
            <Group gap="md" c="dark.4">
              {(['free', 'domain', 'languages'] as const).map((key) => (
                <Group key={key} gap={6} wrap="nowrap">
                  <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
                  <Text size="sm">{t(`home.hero.points.${key}`)}</Text>
                </Group>
              ))}
            </Group>
          </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <ProductPreview />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function Stats() {
  const { t } = useTranslation('marketing');
  return (
    <Container size="lg" pb={{ base: 40, sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          {(['setup', 'price', 'languages', 'roles'] as const).map((key) => (
            <Stack key={key} gap={2} ta="center">
              <Text fz={{ base: 26, sm: 32 }} fw={800} c="orange.8">
                {t(`home.stats.${key}.value`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`home.stats.${key}.label`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
    </Container>
  );
}

function Features() {
  const { t } = useTranslation('marketing');
  return (
    <Container size="lg" py={{ base: 48, sm: 72 }} id="features">
      <SectionHeading eyebrow={t('home.features.eyebrow')} title={t('home.features.title')} text={t('home.features.text')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {FEATURES.map(({ key, icon: Icon }) => (
          <Card key={key} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <ThemeIcon size={48} radius="md" variant="light" mb="md">
              <Icon size={26} />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {t(`home.features.items.${key}.title`)}
            </Title>
            <Text c="dimmed" size="sm" lh={1.6}>
              {t(`home.features.items.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function Steps() {
  const { t } = useTranslation('marketing');
  return (
    <Box bg="gray.0" py={{ base: 48, sm: 72 }}>
      <Container size="lg">
        <SectionHeading eyebrow={t('home.steps.eyebrow')} title={t('home.steps.title')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {STEPS.map((key, index) => (
            <Stack key={key} gap="xs">
              <ThemeIcon size={40} radius="xl" color="dark">
                <Text fw={800}>{index + 1}</Text>
              </ThemeIcon>
              <Title order={3} fz="lg">
                {t(`home.steps.items.${key}.title`)}
              </Title>
              <Text c="dimmed" size="sm" lh={1.6}>
                {t(`home.steps.items.${key}.text`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** Sign-up by import (the form on /tenant-register reads the restaurant's public listing). */
function ImportCallout() {
  const { t } = useTranslation('marketing');
  const points = t('home.import.points', { returnObjects: true }) as unknown as string[];
  return (
    <Container size="lg" pt={{ base: 48, sm: 72 }}>
      <Paper withBorder radius="xl" p={{ base: 'lg', sm: 48 }} bg="orange.0" style={{ borderColor: 'var(--mantine-color-orange-2)' }}>
        <Grid gutter={{ base: 'lg', md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="md">
                  <IconFileImport size={22} />
                </ThemeIcon>
                <Text c="orange.9" fw={700} size="sm" tt="uppercase" lts={1}>
                  {t('home.import.eyebrow')}
                </Text>
              </Group>
              <Title order={2} fz={{ base: 24, sm: 32 }} lh={1.2}>
                {t('home.import.title')}
              </Title>
              <Text c="dark.6">{t('home.import.text')}</Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <List spacing={8} size="sm" icon={<IconCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />}>
                {points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
              <Button component={Link} to="/tenant-register" size="md" radius="xl" w={{ base: '100%', sm: 'auto' }} px="lg">
                {t('home.import.action')}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>
    </Container>
  );
}

function Roles() {
  const { t } = useTranslation('marketing');
  return (
    <Container size="lg" py={{ base: 48, sm: 72 }}>
      <SectionHeading eyebrow={t('home.roles.eyebrow')} title={t('home.roles.title')} text={t('home.roles.text')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {ROLES.map(({ key, color }) => (
          <Card key={key} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} style={{ borderTop: `4px solid var(--mantine-color-${color}-6)` }}>
            <Badge color={color} variant="light" mb="sm">
              {t(`home.roles.items.${key}.name`)}
            </Badge>
            <Text fw={700} mb={6}>
              {t(`home.roles.items.${key}.title`)}
            </Text>
            <Text size="sm" c="dimmed" lh={1.6}>
              {t(`home.roles.items.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function PricingTeaser() {
  const { t } = useTranslation('marketing');
  return (
    <Box bg="gray.0" py={{ base: 48, sm: 72 }}>
      <Container size="md">
        <SectionHeading eyebrow={t('home.pricing.eyebrow')} title={t('home.pricing.title')} text={t('home.pricing.text')} />
        <PlanCards
          copyKey="home.pricing"
          headingOrder={3}
          actions={{
            free: (
              <Button component={Link} to="/tenant-register" variant="default" fullWidth>
                {t('home.pricing.free.action')}
              </Button>
            ),
            premium: (
              <Button component={Link} to="/pricing" fullWidth rightSection={<IconArrowRight size={16} />}>
                {t('home.pricing.premium.action')}
              </Button>
            ),
          }}
        />
      </Container>
    </Box>
  );
}

function FinalCta() {
  const { t } = useTranslation('marketing');
  return (
    <Container size="lg" py={{ base: 48, sm: 72 }}>
      <Paper radius="xl" p={{ base: 'xl', sm: 56 }} style={{ background: 'linear-gradient(135deg, var(--mantine-color-orange-8), var(--mantine-color-red-8))' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="white" variant="white">
            <IconRocket size={28} color="var(--mantine-color-orange-8)" />
          </ThemeIcon>
          <Title order={2} c="white" fz={{ base: 26, sm: 36 }}>
            {t('home.cta.title')}
          </Title>
          <Text c="orange.0" size="lg" maw={560}>
            {t('home.cta.text')}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/tenant-register" size="lg" radius="xl" variant="white" rightSection={<IconArrowRight size={18} />}>
              {t('home.cta.action')}
            </Button>
            <Button component="a" href={demoUrl()} size="lg" radius="xl" variant="outline" color="white">
              {t('home.hero.demo')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <Stats />
      <Features />
      <Steps />
      <ImportCallout />
      <Roles />
      <PricingTeaser />
      <FinalCta />
    </>
  );
}
