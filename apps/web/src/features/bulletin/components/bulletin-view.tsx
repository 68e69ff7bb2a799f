import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Modal, Pagination, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPin, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { BULLETIN_BODY_MAX, BULLETIN_TITLE_MAX, ZBulletinPost, type TBulletinPost } from '@tavolo/contracts/bulletin';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ListEmpty, ListLoadError, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { dateTimeLong } from '../../../lib/format.ts';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useBulletin, useDeleteBulletinPost, useSaveBulletinPost } from '../api/bulletin-api.ts';
import { openConfirm } from '../../../components/ui/confirm.ts';

const PER_PAGE = 10;
const validate = zodValidate(ZBulletinPost);

/** Write or edit a post; the server checks the same rules and answers per field. */
function PostModal({ post, opened, onClose }: { post: TBulletinPost | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('bulletin');
  const save = useSaveBulletinPost();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { title: post?.title ?? '', body: post?.body ?? '', pinned: post?.pinned ?? false }, validate });
  return (
    <Modal opened={opened} onClose={onClose} title={post ? t('edit_title') : t('new_title')} size="lg" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          save.mutate(
            { id: post?.id, body: values },
            {
              onSuccess: (result) => {
                notifications.show({ color: 'teal', message: result.message ?? t('saved') });
                onClose();
              },
              onError: (error) => setFailure(serverErrors(form, error)),
            },
          );
        })}
      >
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t('fields.title')} required maxLength={BULLETIN_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
          <Textarea
            label={t('fields.body')}
            description={t('fields.body_hint', { max: BULLETIN_BODY_MAX })}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={BULLETIN_BODY_MAX}
            {...form.getInputProps('body')}
          />
          <Checkbox label={t('fields.pinned')} description={t('fields.pinned_hint')} {...form.getInputProps('pinned', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {post ? t('save') : t('publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PostCard({ post, canManage, onEdit }: { post: TBulletinPost; canManage: boolean; onEdit: () => void }) {
  const { t } = useTranslation('bulletin');
  const remove = useDeleteBulletinPost();
  const confirmDelete = () =>
    openConfirm({
      title: t('delete_title'),
      children: <Text size="sm">{t('delete_text', { title: post.title })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(post.id, {
          onSuccess: (result) => notifications.show({ color: 'teal', message: result.message ?? t('deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="bulletin-post" bg={post.pinned ? 'var(--mantine-primary-color-light)' : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            {post.pinned && (
              <Badge size="sm" leftSection={<IconPin size={12} aria-hidden />}>
                {t('pinned')}
              </Badge>
            )}
            <Title order={4} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {post.title}
            </Title>
          </Group>
          <Text size="xs" c="dimmed" mt={2}>
            {t('byline', { name: post.author_name || t('former_member'), date: dateTimeLong(post.created_at) })}
          </Text>
        </div>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={t('edit_post', { title: post.title })}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending} aria-label={t('delete_post', { title: post.title })}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {/* Plain text: line breaks as written, never HTML. */}
      <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {post.body}
      </Text>
    </Paper>
  );
}

/** /dashboard/bulletin: the team's posts, pinned first, then newest. */
export function BulletinView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('bulletin');
  const [page, setPage] = useState(1);
  const posts = useBulletin({ page, per_page: PER_PAGE });
  // null: closed; 'new': a new post; otherwise the post being edited.
  const [editing, setEditing] = useState<TBulletinPost | 'new' | null>(null);
  const data = posts.data;

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('new_post')}
            </Button>
          )
        }
      />
      {posts.isError && !data ? (
        <ListLoadError title={t('load_failed')} error={posts.error} retryLabel={t('retry')} onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
      ) : !data ? (
        <ListSkeleton label={t('loading')} rows={3} />
      ) : data.total === 0 ? (
        <Paper withBorder radius="md">
          <ListEmpty icon={<IconSpeakerphone size={28} />} title={t('empty_title')} text={canManage ? t('empty_text_manage') : t('empty_text')} />
        </Paper>
      ) : (
        <Stack gap="sm">
          {data.data.map((post) => (
            <PostCard key={post.id} post={post} canManage={canManage} onEdit={() => setEditing(post)} />
          ))}
          {data.last_page > 1 && (
            <Group justify="center">
              <Pagination total={data.last_page} value={data.current_page} onChange={setPage} size="sm" getItemProps={(value) => ({ 'aria-label': t('page_n', { page: value }) })} />
            </Group>
          )}
        </Stack>
      )}
      {editing && <PostModal key={editing === 'new' ? 'new' : editing.id} post={editing === 'new' ? null : editing} opened onClose={() => setEditing(null)} />}
    </Stack>
  );
}
