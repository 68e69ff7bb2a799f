import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Flex, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconExternalLink, IconFileText, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { dateTimeLong } from '../../../lib/format.ts';
import { publicPagePath, type TCmsPageSummary } from '@tavolo/contracts/cms';
import { errorMessage } from '../../../lib/forms.ts';
import { useDeleteCmsPage } from '../api/cms-api.ts';
import type { CmsDrawerTarget } from './cms-page-drawer.tsx';

/** The restaurant's pages as cards (they read well at phone width and on a desktop alike). */
export function CmsPagesList({ pages, onEdit }: { pages: TCmsPageSummary[]; onEdit: (target: CmsDrawerTarget) => void }) {
  const { t, i18n } = useTranslation('cms');
  const [toDelete, setToDelete] = useState<TCmsPageSummary | null>(null);
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';

  const other = lang === 'en' ? 'de' : 'en';
  /** The title and the language it is written in: a German-only title in the English back office is German (lang="de"). */
  const titleOf = (page: TCmsPageSummary): { text: string; lang: string } => {
    if (page.titles[lang]) return { text: page.titles[lang], lang };
    if (page.titles[other]) return { text: page.titles[other], lang: other };
    return { text: page.is_standard ? t(`standard.${page.slug}`) : page.slug, lang };
  };

  return (
    <>
      <Stack gap="sm">
        {pages.map((page) => {
          const edit = () => onEdit(page.id ? { id: page.id } : { id: null, slug: page.slug });
          const live = page.is_published && page.id;
          const title = titleOf(page);
          return (
            <Paper key={page.slug} withBorder radius="md" p="md" data-testid={`cms-page-${page.slug}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <IconFileText size={22} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Anchor component="button" type="button" fw={600} onClick={edit} ta="left" lang={title.lang} style={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
                      {title.text}
                    </Anchor>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {publicPagePath(page.slug)}
                    </Text>
                    <Group gap={6}>
                      {page.is_standard && (
                        <Badge variant="light" color="gray" size="sm">
                          {t('badges.standard')}
                        </Badge>
                      )}
                      {live ? (
                        <Badge variant="light" color="green" size="sm">
                          {t('badges.published')}
                        </Badge>
                      ) : page.is_standard ? (
                        <Tooltip label={t('badges.default_text_hint')} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
                          <Badge variant="light" color="blue" size="sm" tabIndex={0}>
                            {t('badges.default_text')}
                          </Badge>
                        </Tooltip>
                      ) : (
                        <Badge variant="light" color="yellow" size="sm">
                          {t('badges.draft')}
                        </Badge>
                      )}
                      {page.id &&
                        (['en', 'de'] as const).map((l) => (
                          <Badge key={l} variant={page.titles[l] ? 'outline' : 'dot'} color={page.titles[l] ? 'teal' : 'gray'} size="sm" title={t(page.titles[l] ? 'badges.language_written' : 'badges.language_missing', { language: t(`languages.${l}`) })}>
                            {l.toUpperCase()}
                          </Badge>
                        ))}
                    </Group>
                    {page.updated_at && (
                      <Text size="xs" c="dimmed">
                        {t('updated', { date: dateTimeLong(page.updated_at) })}
                      </Text>
                    )}
                  </Stack>
                </Group>
                {/* Stacked on phones, so a long German title ('Datenschutzerklärung') has the card's width to stay whole. */}
                <Flex gap={4} direction={{ base: 'column', xs: 'row' }} style={{ flexShrink: 0 }}>
                  <Tooltip label={t('view')}>
                    <ActionIcon component="a" href={publicPagePath(page.slug)} target="_blank" rel="noopener" variant="subtle" color="gray" size="lg" aria-label={t('view_named', { title: title.text })}>
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={page.id ? t('edit') : t('write')}>
                    <ActionIcon variant="subtle" size="lg" onClick={edit} aria-label={t(page.id ? 'edit_named' : 'write_named', { title: title.text })}>
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {!page.is_standard && page.id && (
                    <Tooltip label={t('delete')}>
                      <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setToDelete(page)} aria-label={t('delete_named', { title: title.text })}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Flex>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <DeletePageModal key={toDelete?.id ?? 'none'} page={toDelete} title={toDelete ? titleOf(toDelete).text : ''} onClose={() => setToDelete(null)} />
    </>
  );
}

/** 'Are you sure you want to delete this item?' then 'Item deleted successfully'. */
function DeletePageModal({ page, title, onClose }: { page: TCmsPageSummary | null; title: string; onClose: () => void }) {
  const { t } = useTranslation('cms');
  const remove = useDeleteCmsPage();
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    if (!page?.id) return;
    setError(null);
    try {
      const result = await remove.mutateAsync(page.id);
      notifications.show({ color: 'green', message: result.message ?? t('deleted') });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal opened={Boolean(page)} onClose={onClose} title={t('delete_title')} centered>
      <Stack>
        <Text>{t('confirm_delete')}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {title} ({page ? publicPagePath(page.slug) : ''})
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void run()}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
