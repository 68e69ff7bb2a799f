import { Alert, Anchor, Badge, Button, Grid, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { notifications } from '@mantine/notifications';
import { IconAt, IconInfoCircle, IconLock, IconServer2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { SaveBar } from '../../../components/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.ts';
import { MAIL_SECURITY, type TMailSecurity, type TMailSettingsView } from '@tavolo/contracts/mail-settings';
import { errorMessage } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { useDeleteMailSettings } from '../api/mail-settings-api.ts';
import { useMailSettingsForm } from '../hooks/use-mail-settings-form.ts';
import { TestMailPanel } from './test-mail-panel.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

const ICON = { size: 20, stroke: 1.6 };


interface Props {
  saved: TMailSettingsView | null;
  /** Suggestions for a first setup: the restaurant's name, the signed-in user's address. */
  defaults: { fromName: string; fromEmail: string };
  /** Where test e-mails go unless changed: the signed-in user's address. */
  testRecipient: string;
}

/** SMTP server, sender, test e-mail and "back to platform mail", on one page. */
export function MailSettingsForm({ saved, defaults, testRecipient }: Props) {
  const { t } = useTranslation('mail-settings');
  const { form, submit, saving, clearPassword, setClearPassword, setSecurity, setPort, setPassword, input, dirty } = useMailSettingsForm(saved, defaults);
  useLeaveGuard(dirty);
  const remove = useDeleteMailSettings();
  const security = form.values.security;

  const confirmDelete = () =>
    openConfirm({
      title: t('delete_title'),
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('confirm_delete')}</Text>
          <Text size="sm" c="dimmed">
            {t('delete_explain')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove
          .mutateAsync()
          .then(() => notifications.show({ color: 'green', message: t('deleted') }))
          .catch((e: unknown) => notifications.show({ color: 'red', title: t('delete_failed'), message: errorMessage(e) })),
    });

  const passwordProps = form.getInputProps('password');
  const passwordHint = !saved?.has_password
    ? t('fields.password_none')
    : form.values.password
      ? t('fields.password_replaces')
      : clearPassword
        ? t('fields.password_will_clear')
        : t('fields.password_saved');

  return (
    <Stack gap="lg" maw={960}>
      {saved ? (
        <Alert color="green" variant="light" icon={<IconServer2 size={20} />} title={<Badge color="green">{t('status.own')}</Badge>}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('own_note', { host: saved.host, from: saved.from_email })}
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              h="auto"
              py={4}
              // Long labels (German) wrap instead of widening the page on a phone.
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              leftSection={<IconTrash size={16} />}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              {t('use_platform')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title={t('platform_note_title')}>
          {t('platform_note')}
        </Alert>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <FormSection icon={<IconServer2 {...ICON} />} title={t('sections.server')} description={t('sections.server_hint')}>
            <Stack>
              <Grid>
                <Grid.Col span={{ base: 12, sm: 8 }}>
                  <TextInput
                    label={t('fields.host')}
                    description={t('fields.host_hint')}
                    placeholder="smtp.example.com"
                    required
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    maxLength={253}
                    {...form.getInputProps('host')}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                <BoundedNumberInput
                  label={t('fields.port')}
                  description={t('fields.port_hint')}
                  required
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  thousandSeparator={false}
                  inputMode="numeric"
                  {...form.getInputProps('port')}
                  onChange={setPort}
                />
                </Grid.Col>
              </Grid>
              <div role="group" aria-labelledby="smtp-security-label">
                <Text id="smtp-security-label" size="sm" fw={500} mb={4}>
                  {t('fields.security')}
                </Text>
                <SegmentedControl
                  fullWidth
                  value={security}
                  onChange={(value) => setSecurity(value as TMailSecurity)}
                  data={[...MAIL_SECURITY].sort((a, b) => ORDER[a] - ORDER[b]).map((value) => ({ value, label: t(`security.${value}`) }))}
                />
                <Text size="sm" c={security === 'none' ? 'orange.8' : 'dimmed'} mt={6}>
                  {t(`security.${security}_hint`)}
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('fields.username')}
                  description={t('fields.username_hint')}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={254}
                  {...form.getInputProps('username')}
                />
                <Stack gap={4}>
                  <PasswordField
                    label={t('fields.password')}
                    description={passwordHint}
                    placeholder={saved?.has_password && !clearPassword ? t('fields.password_saved_placeholder') : undefined}
                    autoComplete="new-password"
                    leftSection={<IconLock size={16} />}
                    maxLength={512}
                    {...passwordProps}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                  />
                  {saved?.has_password && !form.values.password && (
                    <Anchor component="button" type="button" size="sm" c={clearPassword ? undefined : 'red'} onClick={() => setClearPassword(!clearPassword)} style={{ alignSelf: 'flex-start' }}>
                      {clearPassword ? t('fields.keep_password') : t('fields.remove_password')}
                    </Anchor>
                  )}
                </Stack>
              </SimpleGrid>
            </Stack>
          </FormSection>

          <FormSection icon={<IconAt {...ICON} />} title={t('sections.sender')} description={t('sections.sender_hint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('fields.from_name')} description={t('fields.from_name_hint')} required maxLength={120} {...form.getInputProps('from_name')} />
              <TextInput
                label={t('fields.from_email')}
                description={t('fields.from_email_hint')}
                type="email"
                required
                autoComplete="off"
                maxLength={254}
                {...form.getInputProps('from_email')}
              />
            </SimpleGrid>
          </FormSection>

          <SaveBar
            dirty={dirty}
            saving={saving}
            onDiscard={() => {
              form.reset();
              setClearPassword(false);
            }}
            saveLabel={t('save')}
          />
        </Stack>
      </form>

      <TestMailPanel form={form} input={input} defaultRecipient={testRecipient} />
    </Stack>
  );
}

/** Recommended first. */
const ORDER: Record<TMailSecurity, number> = { starttls: 0, tls: 1, none: 2 };
