import { ActionIcon, Alert, Anchor, Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconCrown, IconRefresh, IconTrash, IconWorldWww } from '@tabler/icons-react';
import { MAX_DOMAINS_PER_TENANT, ZAddDomain, type TDomain } from '@tavolo/contracts/domains';
import { useTranslation } from '../../../app/i18n.ts';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { dateTimeLong, longDate } from '../../../lib/format.ts';
import { fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useDomainActions } from '../api/plans-api.ts';
import { openConfirm } from '../../../components/ui/confirm.ts';

/**
 * The restaurant's own domains: add one (Premium), publish the token, verify. Without the feature, saved domains are
 * listed as inactive and the section points at the upgrade above.
 */
export function DomainsSection({ domains, allowed, subdomain, upgradeRequestedAt }: { domains: TDomain[]; allowed: boolean; subdomain: string; upgradeRequestedAt: string | null }) {
  const { t } = useTranslation('plans');
  return (
    <FormSection icon={<IconWorldWww size={22} />} title={t('domains.title')} description={t('domains.text', { subdomain })}>
      <Stack gap="md">
        {allowed ? (
          domains.length < MAX_DOMAINS_PER_TENANT ? <AddDomainForm /> : <Text size="sm" c="dimmed">{t('domains.max', { max: MAX_DOMAINS_PER_TENANT })}</Text>
        ) : (
          <Alert color="yellow" icon={<IconCrown size={18} />} title={t('domains.premium_only')}>
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('domains.premium_only_text')}</Text>
              {domains.length > 0 && <Text size="sm">{t('domains.inactive')}</Text>}
              {/* Once asked for, the upgrade is not offered again here (the comparison above says it was requested). */}
              {upgradeRequestedAt ? (
                <Text size="sm" fw={600}>
                  {t('compare.requested', { date: longDate(upgradeRequestedAt) })}
                </Text>
              ) : (
                <Anchor href="#plan-compare" size="sm" fw={600}>
                  {t('limit.upgrade')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        {domains.length === 0 && allowed && (
          <Text size="sm" c="dimmed">
            {t('domains.empty')}
          </Text>
        )}
        {domains.map((domain) => (
          <DomainCard key={domain.id} domain={domain} allowed={allowed} />
        ))}
      </Stack>
    </FormSection>
  );
}

function AddDomainForm() {
  const { t } = useTranslation('plans');
  const { add } = useDomainActions();
  const withNotification = useSaveNotification();
  const form = useForm({ initialValues: { host: '' }, validate: zodValidate(ZAddDomain) });
  const submit = form.onSubmit(async (values) => {
    try {
      await withNotification(() => add.mutateAsync(values), { success: t('shared:domains.messages.added') });
      form.reset();
    } catch (error) {
      form.setErrors(fieldErrors(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('domains.host')}
          placeholder={t('domains.host_placeholder')}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          style={{ flex: '1 1 16rem' }}
          {...form.getInputProps('host')}
        />
        <Button type="submit" loading={add.isPending} mt={{ base: 0, xs: 25 }}>
          {t('domains.add')}
        </Button>
      </Group>
    </form>
  );
}

function DomainCard({ domain, allowed }: { domain: TDomain; allowed: boolean }) {
  const { t } = useTranslation('plans');
  const { verify, remove } = useDomainActions();
  const withNotification = useSaveNotification();
  const verified = domain.verified_at !== null;

  const check = async () => {
    const result = await verify.mutateAsync(domain.id).catch(() => null);
    if (!result) return;
    // The answer says which method worked, or why none did; the card shows it too.
    notifications.show({ color: result.data.verified ? 'green' : 'yellow', message: result.message ?? '', autoClose: 6000 });
  };
  const confirmRemove = () =>
    openConfirm({
      title: t('domains.remove_title', { host: domain.display_host }),
      children: <Text size="sm">{t('domains.remove_text')}</Text>,
      labels: { confirm: t('domains.remove'), cancel: t('domains.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void withNotification(() => remove.mutateAsync(domain.id), { success: t('shared:domains.messages.removed') }).catch(() => undefined),
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="domain-card">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={700} style={{ wordBreak: 'break-all' }}>
            {domain.display_host}
          </Text>
          {/* An internationalised name also in the form DNS records need (xn--…). */}
          {domain.display_host !== domain.host && (
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {domain.host}
            </Text>
          )}
          <Badge color={verified ? 'teal' : 'gray'} variant="light">
            {verified ? t('domains.verified') : t('domains.pending')}
          </Badge>
        </Group>
        <Group gap="xs">
          {allowed && (
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={verify.isPending} onClick={() => void check()}>
              {t('domains.verify')}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={confirmRemove}>
            {t('domains.remove')}
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {verified ? t('domains.verified_on', { date: longDate(domain.verified_at!) }) : domain.last_checked_at ? t('domains.checked_on', { date: dateTimeLong(domain.last_checked_at) }) : null}
      </Text>
      {domain.last_error && (
        <Alert color="yellow" mt="xs" p="xs" role="status">
          <Text size="sm">{domain.last_error}</Text>
        </Alert>
      )}
      <Instructions domain={domain} />
    </Paper>
  );
}

/** What to publish and where to point the host; every value can be copied. */
function Instructions({ domain }: { domain: TDomain }) {
  const { t } = useTranslation('plans');
  const { instructions: i } = domain;
  return (
    <Stack gap="xs" mt="sm">
      <Text size="sm" fw={600}>
        {t('domains.steps.title', { host: domain.display_host })}
      </Text>
      <Text size="sm">{t('domains.steps.point')}</Text>
      <Rows rows={[[t('domains.steps.type'), 'CNAME'], [t('domains.steps.name'), domain.host], [t('domains.steps.target'), i.cname_target]]} />
      <Text size="sm">{t('domains.steps.prove')}</Text>
      <Text size="sm" fw={600}>
        {t('domains.steps.dns')}
      </Text>
      <Rows rows={[[t('domains.steps.type'), 'TXT'], [t('domains.steps.name'), i.txt_name], [t('domains.steps.value'), i.txt_value]]} />
      <Text size="sm" fw={600}>
        {t('domains.steps.file')}
      </Text>
      <Rows rows={[[t('domains.steps.url'), i.file_url], [t('domains.steps.content'), i.file_content]]} />
      <Text size="sm">{t('domains.steps.verify')}</Text>
    </Stack>
  );
}

function Rows({ rows }: { rows: [string, string][] }) {
  const { t } = useTranslation('plans');
  return (
    <Table withTableBorder layout="fixed" verticalSpacing={4} fz="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={84} style={{ verticalAlign: 'top' }}>
              {label}
            </Table.Th>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal', background: 'transparent', padding: 0 }}>{value}</Code>
                <CopyButton value={value} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('domains.copied') : t('domains.copy')} withArrow>
                      <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`${t('domains.copy')}: ${label}`}>
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
