import { Alert, Anchor, Box, Breadcrumbs, Button, Container, Paper, Skeleton, Stack, Text, Title, Typography, VisuallyHidden } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { longDate } from '../../../lib/format.ts';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/layouts/message-page.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { AppError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { usePublicPage } from '../api/public-pages-api.ts';

/**
 * A content page of the restaurant (About, Privacy, Terms or a custom page). The HTML was sanitised by the
 * server before it was stored (tags, attributes and link schemes on an allow-list), so it is rendered as is.
 */
export function ContentPageView({ slug, siteName }: { slug: string; siteName: string }) {
  const { t, i18n } = useTranslation('storefront');
  const page = usePublicPage(slug);
  usePageTitle(page.data?.title ?? (page.isError ? t('pages.not_found_title') : ''), siteName || undefined);

  if (page.isPending) {
    return (
      <Container size="md" py="xl" aria-busy="true">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <VisuallyHidden role="status">{t('pages.loading')}</VisuallyHidden>
          <Skeleton h={34} w="60%" mb="lg" />
          <Stack gap="xs">
            {[100, 96, 90, 70].map((w) => (
              <Skeleton key={w} h={14} w={`${w}%`} />
            ))}
          </Stack>
        </Paper>
      </Container>
    );
  }

  if (page.isError) {
    if (page.error instanceof AppError && page.error.code === 'NOT_FOUND') {
      return (
        <MessagePage icon={<IconFileOff size={40} />} title={t('pages.not_found_title')} text={t('pages.not_found_text')}>
          <Button component={Link} to="/">
            {t('pages.back_to_menu')}
          </Button>
        </MessagePage>
      );
    }
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert" title={t('pages.load_failed')}>
          <Stack align="flex-start" gap="sm">
            <Text size="sm">{errorMessage(page.error)}</Text>
            <Button variant="default" size="xs" onClick={() => void page.refetch()}>
              {t('pages.retry')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }

  const data = page.data;
  const otherLanguage = data.language !== i18n.language.slice(0, 2);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Breadcrumbs mb="md" fz="sm">
        <Anchor component={Link} to="/">
          {t('pages.home')}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {data.title}
        </Text>
      </Breadcrumbs>
      <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'xl' }} lang={data.language}>
        <Title order={1} fz={{ base: 26, sm: 34 }} mb="lg" style={{ overflowWrap: 'anywhere' }}>
          {data.title}
        </Title>
        {otherLanguage && (
          <Alert color="gray" variant="light" mb="lg" lang={i18n.language}>
            {t('pages.other_language', { language: t(`pages.language_${data.language}`) })}
          </Alert>
        )}
        <Typography>
          <Box style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: data.body_html }} />
        </Typography>
        {data.updated_at && (
          <Text size="xs" c="dimmed" mt="xl" lang={i18n.language}>
            {t('pages.updated', { date: longDate(data.updated_at) })}
          </Text>
        )}
      </Paper>
    </Container>
  );
}
