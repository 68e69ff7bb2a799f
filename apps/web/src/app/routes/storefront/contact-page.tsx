import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { ContactForm } from '../../../features/requests/components/contact-form.tsx';
import { useTenantSettings } from '../../../features/storefront/hooks/use-storefront-data.ts';
import { RequestPageFrame } from './request-page-frame.tsx';

/** /contact: the restaurant's e-mail, phone and address from its settings, and a message form. */
export default function ContactPage() {
  const { t } = useTranslation('requests');
  const settings = useTenantSettings().data;
  usePageTitle(t('contact.page_title'));

  return (
    <RequestPageFrame title={t('contact.title')} intro={t('contact.intro')}>
      {settings && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="md" mb="sm">
            {t('contact.reach_us')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Anchor href={`mailto:${settings.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
              <Group gap={8} wrap="nowrap">
                <IconMail size={18} aria-hidden style={{ flexShrink: 0 }} /> {settings.email}
              </Group>
            </Anchor>
            <Anchor href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`} size="sm">
              <Group gap={8} wrap="nowrap">
                <IconPhone size={18} aria-hidden style={{ flexShrink: 0 }} /> {settings.phone}
              </Group>
            </Anchor>
            <Group gap={8} wrap="nowrap" align="flex-start">
              <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap={0}>
                <Text size="sm" component="address" fs="normal">
                  {settings.address}
                </Text>
              </Stack>
            </Group>
          </SimpleGrid>
        </Paper>
      )}
      <ContactForm />
    </RequestPageFrame>
  );
}
