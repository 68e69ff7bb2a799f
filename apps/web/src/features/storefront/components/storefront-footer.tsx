import { ActionIcon, Anchor, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '../../../components/lite/index.ts';
import { IconBrandFacebook, IconBrandGoogle, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconGlassFull, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPublicSettings } from '@tavolo/contracts/storefront';
import { Link } from 'react-router';
import { usePublicPageLinks } from '../api/public-pages-api.ts';

const SOCIAL: { key: keyof TPublicSettings; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { key: 'facebook_link', label: 'Facebook', Icon: IconBrandFacebook },
  { key: 'instagram_link', label: 'Instagram', Icon: IconBrandInstagram },
  { key: 'twitter_link', label: 'X (Twitter)', Icon: IconBrandX },
  { key: 'linkedin_link', label: 'LinkedIn', Icon: IconBrandLinkedin },
  { key: 'google_plus_link', label: 'Google', Icon: IconBrandGoogle },
];

const FOOTER_HEADING = { textTransform: 'uppercase', letterSpacing: 0.5 } as const;

/** Only http(s) links are rendered: a settings value is typed by the restaurant, not trusted as a URL scheme. */
const safeUrl = (value: unknown): string | null => (typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : null);

/** `newsletter` is the sign-up form, passed in by the layout because it belongs to the requests feature. */
export function StorefrontFooter({ name, settings, platformUrl, newsletter, closed = false }: { name: string; settings?: TPublicSettings; platformUrl: string; newsletter?: ReactNode; closed?: boolean }) {
  const { t } = useTranslation('storefront');
  const socials = settings ? SOCIAL.map((s) => ({ ...s, url: safeUrl(settings[s.key]) })).filter((s) => s.url) : [];
  const pages = usePublicPageLinks();

  return (
    <footer style={{ background: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-gray-4)', marginTop: 'var(--mantine-spacing-xl)' }}>
      <Container size="lg" style={{ paddingBlock: 40 }}>
        {/* Its columns by screen width: storefront.css. */}
        <SimpleGrid spacing="xl" className="tavolo-footer-grid">
          <Stack gap="xs">
            <Title order={2} fz="lg" c="white">
              {name}
            </Title>
            {settings?.description && (
              <Text size="sm" c="gray.5">
                {settings.description}
              </Text>
            )}
          </Stack>
          {settings && (
          <Stack gap="xs">
            <Title order={3} fz="sm" c="white" style={FOOTER_HEADING}>
              {t('footer.visit_us')}
            </Title>
            {settings?.address && (
              <Group gap={8} wrap="nowrap" align="flex-start">
                <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
                  {settings.address}
                </Text>
              </Group>
            )}
            {settings?.phone && (
              <Anchor href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`} size="sm" c="gray.4">
                <Group gap={8} wrap="nowrap">
                  <IconPhone size={16} aria-hidden /> {settings.phone}
                </Group>
              </Anchor>
            )}
            {settings?.email && (
              <Anchor href={`mailto:${settings.email}`} size="sm" c="gray.4" style={{ wordBreak: 'break-all' }}>
                <Group gap={8} wrap="nowrap">
                  <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} /> {settings.email}
                </Group>
              </Anchor>
            )}
            {/* A closed restaurant takes no quote requests. */}
            {!closed && (
              <Anchor component={Link} to="/quote" size="sm" c="gray.4">
                <Group gap={8} wrap="nowrap">
                  <IconGlassFull size={16} aria-hidden style={{ flexShrink: 0 }} /> {t('footer.quote')}
                </Group>
              </Anchor>
            )}
          </Stack>
          )}
          {socials.length > 0 && (
            <Stack gap="xs">
              <Title order={3} fz="sm" c="white" style={FOOTER_HEADING}>
                {t('footer.follow_us')}
              </Title>
              <Group gap="xs">
                {socials.map(({ key, label, Icon, url }) => (
                  <ActionIcon
                    key={key}
                    component="a"
                    href={url!}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="subtle"
                    color="gray.3"
                    size="lg"
                    aria-label={t('footer.social', { network: label, name })}
                  >
                    <Icon size={20} />
                  </ActionIcon>
                ))}
              </Group>
            </Stack>
          )}
        </SimpleGrid>
        {newsletter && (
          <div style={{ marginTop: 'var(--mantine-spacing-xl)', maxWidth: 560 }}>{newsletter}</div>
        )}
        <Divider color="dark.5" style={{ marginBlock: 'var(--mantine-spacing-lg)' }} />
        {pages.data && pages.data.length > 0 && (
          <Group component="nav" aria-label={t('footer.pages')} gap="md" style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            {pages.data.map((page) => (
              <Anchor key={page.slug} component={Link} to={page.path} size="sm" c="gray.4">
                {page.title}
              </Anchor>
            ))}
          </Group>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="gray.6">
            © {new Date().getFullYear()} {name}
          </Text>
          <Text size="xs" c="gray.6">
            {t('footer.powered_by')}{' '}
            <Anchor href={platformUrl} size="xs" c="gray.4" fw={600}>
              Tavolo
            </Anchor>
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
