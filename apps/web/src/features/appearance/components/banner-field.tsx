import { useState } from 'react';
import { Alert, AspectRatio, Button, Center, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { bannerSrcSet, type TAppearance } from '@tavolo/contracts/appearance';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useSaveAppearance, useUploadBanner } from '../api/appearance-api.ts';
import { openConfirm } from '../../../components/ui/confirm.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Uploads (and replaces) the banner at once; removing it asks first. Both save straight away. */
export function BannerField({ looks }: { looks: TAppearance }) {
  const { t } = useTranslation('appearance');
  const upload = useUploadBanner();
  const save = useSaveAppearance();
  const notify = useSaveNotification();
  const [error, setError] = useState<string | null>(null);
  const maxMb = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);
  const busy = upload.isPending || save.isPending;

  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    // The server checks the content; this only spares a pointless upload.
    if (file.size > IMAGE_MAX_BYTES) {
      setError(t('banner.too_large', { max: maxMb }));
      return;
    }
    try {
      await notify(() => upload.mutateAsync(file));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const remove = () =>
    openConfirm({
      title: t('banner.remove'),
      children: <Text size="sm">{t('confirm_delete')}</Text>,
      labels: { confirm: t('banner.remove'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setError(null);
        notify(() => save.mutateAsync({ ...looks, banner_image: null }), { success: t('shared:messages.deleted') }).catch(() => undefined);
      },
    });

  return (
    <Stack gap="sm" maw={720}>
      <AspectRatio ratio={3 / 1}>
        {looks.banner_image ? (
          <Image src={looks.banner_image} srcSet={bannerSrcSet(looks.banner_image)} sizes="720px" alt={t('banner.preview_alt')} radius="md" fit="cover" data-testid="banner-preview" />
        ) : (
          <Center bg="gray.0" c="dimmed" style={{ border: '2px dashed var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}>
            <Stack gap={4} align="center" p="md" ta="center">
              <IconPhoto size={32} stroke={1.5} aria-hidden />
              <Text size="sm">{t('banner.empty')}</Text>
            </Stack>
          </Center>
        )}
      </AspectRatio>
      <Group gap="sm">
        <FileButton onChange={(file) => void pick(file)} accept={ACCEPT} disabled={busy}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
              {looks.banner_image ? t('banner.replace') : t('banner.upload')}
            </Button>
          )}
        </FileButton>
        {looks.banner_image && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={remove} disabled={busy}>
            {t('banner.remove')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('banner.requirements', { max: maxMb })}
      </Text>
      {error && (
        <Alert color="red" role="alert" py="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
