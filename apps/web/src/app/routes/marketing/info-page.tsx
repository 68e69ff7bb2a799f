import { Anchor, Box, Button, Card, Container, Grid, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBell,
  IconCalendarEvent,
  IconCheck,
  IconChecklist,
  IconClockHour4,
  IconCode,
  IconDeviceMobile,
  IconDiscount2,
  IconHeartHandshake,
  IconListDetails,
  IconMail,
  IconMessageQuestion,
  IconPhone,
  IconShoppingCart,
  IconTruckDelivery,
  IconUsersGroup,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { Link, useLocation } from 'react-router';
import { ContactForm } from '../../../features/marketing/components/contact-form.tsx';
import { PlanCards } from '../../../features/marketing/components/plan-cards.tsx';
import { MARKETING_PAGES } from '../platform-site.tsx';
import { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_HREF } from './marketing-layout.tsx';

type TPage = (typeof MARKETING_PAGES)[number];
interface TSection {
  title: string;
  text: string;
}

/** One icon per section, in the order of `pages.<page>.sections` in locales/<lang>/marketing.json. */
const SECTION_ICONS: Partial<Record<TPage, Icon[]>> = {
  'food-ordering': [IconShoppingCart, IconTruckDelivery, IconDiscount2, IconBell],
  'restaurant-services': [IconCalendarEvent, IconListDetails, IconUsersGroup, IconChecklist],
  about: [IconHeartHandshake, IconWorld, IconCode],
  contact: [IconMessageQuestion, IconClockHour4],
  pricing: [IconMessageQuestion, IconMessageQuestion, IconMessageQuestion, IconMessageQuestion],
};

const LEGAL: readonly TPage[] = ['privacy', 'terms'];

function pageOf(pathname: string): TPage {
  const slug = pathname.replace(/^\/+|\/+$/g, '').split('/')[0] ?? '';
  return (MARKETING_PAGES as readonly string[]).includes(slug) ? (slug as TPage) : 'about';
}

function PageHeader({ page }: { page: TPage }) {
  const { t } = useTranslation('marketing');
  return (
    <Box style={{ background: 'linear-gradient(180deg, var(--mantine-color-orange-0) 0%, var(--mantine-color-white) 100%)' }}>
      <Container size="md" pt={{ base: 40, sm: 72 }} pb={{ base: 24, sm: 40 }}>
        <Stack gap="sm" align="center" ta="center">
          <Text c="orange.8" fw={700} size="sm" tt="uppercase" lts={1}>
            {t(`pages.${page}.eyebrow`)}
          </Text>
          <Title order={1} fz={{ base: 26, sm: 46 }} lh={1.15} lts={-0.5}>
            {t(`pages.${page}.title`)}
          </Title>
          <Text size="lg" c="dark.5" maw={640}>
            {t(`pages.${page}.lead`)}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function SectionCards({ page, sections }: { page: TPage; sections: TSection[] }) {
  const icons = SECTION_ICONS[page] ?? [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {sections.map((section, index) => {
        const SectionIcon = icons[index] ?? IconCheck;
        return (
          <Card key={section.title} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <SectionIcon size={24} />
            </ThemeIcon>
            <Title order={2} fz="lg" mb={6}>
              {section.title}
            </Title>
            <Text c="dimmed" size="sm" lh={1.65}>
              {section.text}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function Plans() {
  const { t } = useTranslation('marketing');
  const action = (plan: 'free' | 'premium') => (
    <Button component={Link} to={plan === 'premium' ? '/tenant-register?plan=premium' : '/tenant-register'} variant={plan === 'premium' ? 'filled' : 'default'} size="md" fullWidth rightSection={<IconArrowRight size={16} />}>
      {t(`pages.pricing.plans.${plan}.action`)}
    </Button>
  );
  return (
    <Box mb={56}>
      <PlanCards copyKey="pages.pricing.plans" popularLabel={t('pages.pricing.popular')} actions={{ free: action('free'), premium: action('premium') }} />
    </Box>
  );
}

function ContactCards() {
  const { t } = useTranslation('marketing');
  const channels = [
    { icon: IconMail, label: t('pages.contact.email_label'), value: CONTACT_EMAIL, href: `mailto:${CONTACT_EMAIL}`, hint: t('pages.contact.email_hint') },
    { icon: IconPhone, label: t('pages.contact.phone_label'), value: CONTACT_PHONE, href: CONTACT_PHONE_HREF, hint: t('pages.contact.phone_hint') },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 1 }} spacing="lg">
      {channels.map((channel) => (
        <Paper key={channel.value} withBorder radius="lg" p="xl">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md">
              <channel.icon size={24} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {channel.label}
              </Text>
              <Anchor href={channel.href} fw={700} fz="lg" style={{ wordBreak: 'break-word' }}>
                {channel.value}
              </Anchor>
              <Text size="sm" c="dimmed">
                {channel.hint}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function LegalText({ sections }: { sections: TSection[] }) {
  const { t } = useTranslation('marketing');
  return (
    <Container size="sm" pt="md" pb={72}>
      <Stack gap="xl">
        {sections.map((section, index) => (
          <section key={section.title}>
            <Title order={2} fz="xl" mb="xs">
              {index + 1}. {section.title}
            </Title>
            <Text lh={1.7} c="dark.6">
              {section.text}
            </Text>
          </section>
        ))}
      </Stack>
      <Text mt={40} size="sm" c="dimmed">
        {t('pages.legal_questions')}{' '}
        <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" underline="always">
          {CONTACT_EMAIL}
        </Anchor>
      </Text>
    </Container>
  );
}

function CallToAction() {
  const { t } = useTranslation('marketing');
  return (
    <Container size="lg" pb={72}>
      <Paper radius="xl" p={{ base: 'xl', sm: 48 }} bg="dark.8">
        <Group justify="space-between" gap="lg">
          <Stack gap={4} maw={600}>
            <Title order={2} c="white" fz={{ base: 24, sm: 30 }}>
              {t('pages.cta.title')}
            </Title>
            <Text c="gray.4">{t('pages.cta.text')}</Text>
          </Stack>
          <Button component={Link} to="/tenant-register" size="lg" radius="xl" rightSection={<IconArrowRight size={18} />} w={{ base: '100%', xs: 'auto' }}>
            {t('nav.get_access')}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}

/** /food-ordering, /restaurant-services, /pricing, /about, /contact, /privacy and /terms. */
export default function InfoPage() {
  const { t } = useTranslation('marketing');
  const page = pageOf(useLocation().pathname);
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as unknown as TSection[];

  if (LEGAL.includes(page)) {
    return (
      <>
        <PageHeader page={page} />
        <LegalText sections={sections} />
      </>
    );
  }

  return (
    <>
      <PageHeader page={page} />
      <Container size="lg" pt="md" pb={72}>
        {page === 'pricing' && <Plans />}
        {page === 'contact' && (
          <Grid gutter="lg" mb="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ContactForm />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ContactCards />
            </Grid.Col>
          </Grid>
        )}
        {page === 'pricing' && (
          <Title order={2} ta="center" fz={{ base: 24, sm: 30 }} mb="xl">
            {t('pages.pricing.faq_title')}
          </Title>
        )}
        <SectionCards page={page} sections={sections} />
        {page === 'food-ordering' && (
          <Group justify="center" mt="xl" gap="xs" c="dimmed">
            <IconDeviceMobile size={18} aria-hidden />
            <Text size="sm">{t('pages.food-ordering.footnote')}</Text>
          </Group>
        )}
      </Container>
      {page !== 'contact' && <CallToAction />}
    </>
  );
}
