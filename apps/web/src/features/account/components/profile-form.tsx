import { useState } from 'react';
import { Alert, Badge, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconId, IconPhotoUp, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { useLeaveGuard } from '../../../components/ui/leave-guard.ts';
import { AVATAR_MIME_TYPES, PROFILE_NAME_MAX, ZUpdateProfileRequest, type TUpdateProfileRequest } from '@tavolo/contracts/account';
import type { TAuthUser } from '@tavolo/contracts/auth';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { UserAvatar } from '../../../components/layouts/dashboard-frame.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { errorMessage, serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { accountApi } from '../api/account-api.ts';
import { openConfirm } from '../../../components/ui/confirm.ts';

const ACCEPT = AVATAR_MIME_TYPES.join(',');

interface Props {
  user: TAuthUser;
  /** Role name and member-since, already translated and formatted by the dashboard. */
  roleLabel: string;
  memberSince: string | null;
  /** Every change answers with the updated user; the caller puts it where the header reads it. */
  onUserChanged: (user: TAuthUser) => void;
}

/** /dashboard/profile: one's own name and picture. The e-mail address is shown, not edited (an admin changes it). */
export function ProfileForm({ user, roleLabel, memberSince, onUserChanged }: Props) {
  const { t } = useTranslation('account');
  const notify = useSaveNotification();
  const maxMb = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TUpdateProfileRequest>({ initialValues: { name: user.name }, validate: zodValidate(ZUpdateProfileRequest) });
  useLeaveGuard(form.isDirty());

  const saveName = useMutation({ mutationFn: (body: TUpdateProfileRequest) => accountApi.updateProfile(body), onSuccess: ({ data }) => onUserChanged(data) });
  const upload = useMutation({ mutationFn: (file: File) => accountApi.uploadAvatar(file), onSuccess: onUserChanged });
  const remove = useMutation({ mutationFn: () => accountApi.removeAvatar(), onSuccess: ({ data }) => onUserChanged(data) });
  const avatarBusy = upload.isPending || remove.isPending;

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const { data } = await notify(() => saveName.mutateAsync(values), { success: t('shared:account.messages.profile_saved') });
      form.setValues({ name: data.name });
      form.resetDirty({ name: data.name });
    } catch (e) {
      setFormError(serverErrors(form, e));
    }
  });

  const pick = async (file: File | null) => {
    if (!file) return;
    setAvatarError(null);
    // The server checks the content; these only spare a pointless upload.
    if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return setAvatarError(t('shared:account.validation.avatar_type'));
    if (file.size > IMAGE_MAX_BYTES) return setAvatarError(t('shared:validation.image_too_big', { max: maxMb }));
    try {
      await notify(() => upload.mutateAsync(file), { success: t('shared:account.messages.avatar_saved') });
    } catch (e) {
      setAvatarError(errorMessage(e));
    }
  };

  const confirmRemove = () =>
    openConfirm({
      title: t('profile.remove_picture'),
      children: <Text size="sm">{t('profile.remove_confirm')}</Text>,
      labels: { confirm: t('profile.remove_picture'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setAvatarError(null);
        notify(() => remove.mutateAsync(), { success: t('shared:account.messages.avatar_removed') }).catch((e: unknown) => setAvatarError(errorMessage(e)));
      },
    });

  return (
    <Stack maw={640} gap="lg">
      <FormSection icon={<IconUserCircle size={22} />} title={t('profile.picture')} description={t('profile.picture_intro')}>
        <Group gap="lg" wrap="nowrap" align="center">
          <UserAvatar name={user.name} src={user.avatar} size={96} />
          <Stack gap={6} miw={0}>
            <Group gap="xs">
              <FileButton onChange={(file) => void pick(file)} accept={ACCEPT} disabled={avatarBusy}>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
                    {user.avatar ? t('profile.replace_picture') : t('profile.upload_picture')}
                  </Button>
                )}
              </FileButton>
              {user.avatar && (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={confirmRemove} disabled={avatarBusy} loading={remove.isPending}>
                  {t('profile.remove_picture')}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('profile.picture_rules', { max: maxMb })}
            </Text>
          </Stack>
        </Group>
        {avatarError && (
          <Alert color="red" role="alert" py="xs" mt="sm">
            {avatarError}
          </Alert>
        )}
      </FormSection>

      <FormSection icon={<IconId size={22} />} title={t('profile.details')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput label={t('profile.name')} autoComplete="name" required maxLength={PROFILE_NAME_MAX} {...form.getInputProps('name')} />
            <TextInput label={t('profile.email')} value={user.email} readOnly description={t('profile.email_hint')} variant="filled" />
            <Group gap="xs">
              <Badge variant="light" radius="sm">
                {roleLabel}
              </Badge>
              {memberSince && (
                <Text size="sm" c="dimmed">
                  {t('profile.member_since', { date: memberSince })}
                </Text>
              )}
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={saveName.isPending} disabled={!form.isDirty()}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormSection>
    </Stack>
  );
}
