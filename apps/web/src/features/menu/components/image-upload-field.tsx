import { useState, type ReactNode } from 'react';
import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { errorMessage } from '../../../lib/forms.ts';
import { useUploadImage } from '../api/uploads-api.ts';
import { ProductThumb } from './product-thumb.tsx';

interface Props {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: ReactNode;
  disabled?: boolean;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Picks a picture and uploads it at once; the form keeps only the URL the server returns. */
export function ImageUploadField({ value, onChange, error, disabled }: Props) {
  const { t } = useTranslation('menu');
  const upload = useUploadImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const maxMb = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);

  const pick = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    // The server checks the content; this only spares a pointless upload.
    if (file.size > IMAGE_MAX_BYTES) {
      setUploadError(t('products.image_too_large', { max: maxMb }));
      return;
    }
    try {
      const image = await upload.mutateAsync(file);
      onChange(image.url);
    } catch (e) {
      setUploadError(errorMessage(e));
    }
  };

  return (
    <Input.Wrapper label={t('fields.image')} description={t('products.image_hint', { max: maxMb })} error={uploadError ?? error}>
      <Group mt={6} gap="md" wrap="nowrap" align="center">
        <ProductThumb src={value} size={88} alt={t('products.image_preview')} />
        <Stack gap={6}>
          <FileButton onChange={(file) => void pick(file)} accept={ACCEPT} disabled={disabled || upload.isPending}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
                {value ? t('products.replace_image') : t('products.upload_image')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconTrash size={14} />} onClick={() => onChange(null)} disabled={disabled || upload.isPending}>
              {t('products.remove_image')}
            </Button>
          )}
          {upload.isPending && (
            <Text size="xs" c="dimmed" role="status">
              {t('products.uploading')}
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
