import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconFileImport, IconMail, IconMapPin, IconPhone, IconToolsKitchen2, IconX } from '@tabler/icons-react';
import i18n, { useTranslation } from '../../../app/i18n.ts';
import type { TImportPreview } from '@tavolo/contracts/listing-import';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import { errorMessage, fieldErrors } from '../../../lib/forms.ts';
import { registrationApi } from '../api/registration-api.ts';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** A price from the page in the visitor's language; with the page's currency when it named one. */
function price(cents: number, currency: string | null): string {
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-US';
  const options: Intl.NumberFormatOptions = currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  try {
    return new Intl.NumberFormat(locale, options).format(cents / 100);
  } catch {
    return (cents / 100).toFixed(2);
  }
}

/** Monday first; runs of days with the same hours share a line ("Mon–Fri 11:30–22:00"). */
function hourLines(week: TOpeningDay[], days: string[], closed: string): string[] {
  const ordered = [1, 2, 3, 4, 5, 6, 0].map((d) => week.find((w) => w.day === d)!).filter(Boolean);
  const label = (d: TOpeningDay) => (d.closed ? closed : `${d.open}–${d.close}`);
  const lines: string[] = [];
  for (let i = 0; i < ordered.length; ) {
    let j = i;
    while (j + 1 < ordered.length && label(ordered[j + 1]!) === label(ordered[i]!)) j++;
    const span = i === j ? days[ordered[i]!.day] : `${days[ordered[i]!.day]}–${days[ordered[j]!.day]}`;
    lines.push(`${span} ${label(ordered[i]!)}`);
    i = j + 1;
  }
  return lines;
}

function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" size={28} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Box miw={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Box>
      </Box>
    </Group>
  );
}

const WRAP = { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.3 } };

function PreviewCard({ preview, onUse, onDiscard }: { preview: TImportPreview; onUse: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('import');
  const r = preview.restaurant;
  const address = [r.address, [r.postal_code, r.city].filter(Boolean).join(' '), r.state, r.country].filter(Boolean).join(', ');
  const examples = preview.sections.flatMap((s) => s.items).slice(0, 4);
  const days = t('days', { returnObjects: true }) as unknown as string[];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="var(--mantine-color-body)" data-testid="import-preview" aria-labelledby="import-preview-title">
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed">
            {t('found_title')} · {t('source', { host: hostOf(preview.source_url) })}
          </Text>
          <Title order={3} fz="xl" id="import-preview-title">
            {r.restaurant_name || hostOf(preview.source_url)}
          </Title>
          {preview.cuisine && (
            <Badge variant="light" color="orange" mt={4}>
              {preview.cuisine}
            </Badge>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {address && (
            <Fact icon={<IconMapPin size={16} />} label={t('address')}>
              {address}
            </Fact>
          )}
          {r.phone && (
            <Fact icon={<IconPhone size={16} />} label={t('phone')}>
              {r.phone}
            </Fact>
          )}
          {r.email && (
            <Fact icon={<IconMail size={16} />} label={t('email')}>
              {r.email}
            </Fact>
          )}
          {preview.opening_hours && (
            <Fact icon={<IconClock size={16} />} label={t('hours')}>
              {hourLines(preview.opening_hours, days, t('closed')).map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Fact>
          )}
          <Fact icon={<IconToolsKitchen2 size={16} />} label={t('menu')}>
            {preview.items_count ? (
              <>
                <Text size="sm" fw={600} data-testid="import-menu-summary">
                  {t('menu_summary', { count: preview.items_count, sections: preview.sections.length })}
                </Text>
                <List size="sm" spacing={2} mt={2} listStyleType="none" p={0}>
                  {examples.map((item) => (
                    <List.Item key={item.name}>
                      {item.name} <Text span c="dimmed" size="sm">· {price(item.price_cents, preview.currency)}</Text>
                    </List.Item>
                  ))}
                </List>
                {preview.items_count > examples.length && (
                  <Text size="xs" c="dimmed">
                    {t('more_dishes', { count: preview.items_count - examples.length })}
                  </Text>
                )}
              </>
            ) : (
              t('menu_none')
            )}
          </Fact>
        </SimpleGrid>
        {preview.warnings.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('notes')}
            p="sm"
            // Mantine's yellow title is too pale on its own background (axe: contrast).
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <List size="sm" spacing={4}>
              {preview.warnings.map((w) => (
                <List.Item key={w}>{w}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group gap="sm" justify="flex-start">
          {/* Long German labels wrap on narrow phones instead of being cut off. */}
          <Button onClick={onUse} leftSection={<IconCheck size={18} />} w={{ base: '100%', xs: 'auto' }} h="auto" mih={36} py={6} styles={WRAP}>
            {t('use')}
          </Button>
          <Button variant="default" onClick={onDiscard} leftSection={<IconX size={18} />} w={{ base: '100%', xs: 'auto' }} h="auto" mih={36} py={6} styles={WRAP}>
            {t('discard')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * 'Import my restaurant' (issue #8): the owner pastes their public page, reviews what was found, and takes it over
 * into the sign-up form. Nothing is saved here; the menu comes along with the sign-up.
 */
export function ImportPanel({ onUse }: { onUse: (preview: TImportPreview) => void }) {
  const { t } = useTranslation('import');
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);

  const find = async () => {
    setBusy(true);
    setError(null);
    setPreview(null);
    try {
      // A bare "www.example.com" is what people copy from the address bar on a phone.
      const address = /^[a-z][a-z0-9+.-]*:/i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
      setPreview((await registrationApi.importListing(address)).data);
    } catch (e) {
      setError(fieldErrors(e).url ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="orange.0" component="section" aria-labelledby="import-title" data-testid="import-panel">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="md" color="orange" variant="light" aria-hidden>
            <IconFileImport size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg" id="import-title">
              {t('title')}
            </Title>
            <Text size="sm" c="dark.5">
              {t('hint')}
            </Text>
          </div>
        </Group>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (url.trim() && !busy) void find();
          }}
        >
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              name="import_url"
              type="url"
              inputMode="url"
              label={t('url_label')}
              placeholder={t('url_placeholder')}
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              style={{ flex: '1 1 260px' }}
              maw="100%"
            />
            <Button type="submit" loading={busy} disabled={!url.trim()} mt={{ base: 0, xs: 25 }} w={{ base: '100%', xs: 'auto' }} aria-describedby={busy ? 'import-busy' : undefined}>
              {t('find')}
            </Button>
          </Group>
          {busy && (
            <Text id="import-busy" size="sm" c="dimmed" mt="xs" role="status">
              {t('finding')}
            </Text>
          )}
        </form>
        {preview && (
          <PreviewCard
            preview={preview}
            onDiscard={() => setPreview(null)}
            onUse={() => {
              onUse(preview);
              setPreview(null);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
