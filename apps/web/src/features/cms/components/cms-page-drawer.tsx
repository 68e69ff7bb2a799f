import { useState } from 'react';
import { Alert, Button, Center, Drawer, Group, Loader, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { CMS_LANGUAGES, CMS_SLUG_MAX, CMS_TITLE_MAX, isStandardPageSlug, publicPagePath, ZCmsPageInput, type TCmsPage, type TCmsPageInput } from '@tavolo/contracts/cms';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { errorMessage, serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { useCmsPage, useSaveCmsPage } from '../api/cms-api.ts';
import { RichTextField } from './rich-text-field.tsx';

/** What the drawer edits: a saved page (id), or a new one (a standard slug not written yet, or a custom page). */
export type CmsDrawerTarget = { id: string } | { id: null; slug: string | null };

const valuesOf = (page: TCmsPage | null, slug: string | null): TCmsPageInput =>
  page
    ? { slug: page.slug, is_published: page.is_published, sort_order: page.sort_order, translations: page.translations }
    : { slug: slug ?? '', is_published: true, sort_order: 0, translations: { en: { title: '', body_html: '' }, de: { title: '', body_html: '' } } };

export function CmsPageDrawer({ target, onClose }: { target: CmsDrawerTarget | null; onClose: () => void }) {
  const { t } = useTranslation('cms');
  const phone = useMediaQuery('(max-width: 48em)');
  const existing = useCmsPage(target?.id ?? null);
  const slug = target && target.id === null ? target.slug : (existing.data?.slug ?? null);

  let body;
  if (!target) body = null;
  else if (target.id && existing.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  } else if (target.id && existing.isError) {
    body = (
      <Alert color="red" role="alert" title={t('load_failed')}>
        {errorMessage(existing.error)}
      </Alert>
    );
  } else {
    const page = target.id ? existing.data! : null;
    body = <CmsPageForm key={page?.id ?? `new-${slug}`} page={page} slug={slug} onDone={onClose} />;
  }

  const title = slug && isStandardPageSlug(slug) ? t(`standard.${slug}`) : target?.id ? t('edit_title') : t('add_title');
  return (
    <Drawer opened={Boolean(target)} onClose={onClose} position="right" size={phone ? '100%' : 'xl'} title={<Text fw={700} fz="lg">{title}</Text>}>
      {body}
    </Drawer>
  );
}

function CmsPageForm({ page, slug, onDone }: { page: TCmsPage | null; slug: string | null; onDone: () => void }) {
  const { t, i18n } = useTranslation('cms');
  const save = useSaveCmsPage();
  const withNotification = useSaveNotification();
  // Opens on the language the back office is in (a German owner writes German first).
  const [tab, setTab] = useState<string | null>(() => (i18n.language.startsWith('de') ? 'de' : 'en'));
  const [failure, setFailure] = useState<string | null>(null);
  const standard = isStandardPageSlug(page?.slug ?? slug ?? '');
  const form = useForm<TCmsPageInput>({ initialValues: valuesOf(page, slug), validate: zodValidate(ZCmsPageInput) });

  const tabHasError = (lang: string) => Object.keys(form.errors).some((key) => key.startsWith(`translations.${lang}`));

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await withNotification(() => save.mutateAsync({ id: page?.id ?? null, input: values }));
        onDone();
      } catch (error) {
        setFailure(serverErrors(form, error));
      }
    },
    // Show the language whose fields are wrong.
    (errors) => {
      const lang = CMS_LANGUAGES.find((l) => Object.keys(errors).some((key) => key.startsWith(`translations.${l}`)));
      if (lang) setTab(lang);
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" icon={<IconAlertCircle />}>
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('fields.slug')}
          required
          maxLength={CMS_SLUG_MAX}
          readOnly={standard}
          description={standard ? t('slug_fixed_hint', { path: publicPagePath(form.values.slug) }) : t('slug_hint', { path: publicPagePath(form.values.slug || 'my-page') })}
          {...form.getInputProps('slug')}
          onChange={(event) => form.setFieldValue('slug', event.currentTarget.value.toLowerCase().replace(/[\s_]+/g, '-'))}
        />
        <Switch
          label={t('fields.published')}
          description={standard ? t('published_standard_hint') : t('published_hint')}
          {...form.getInputProps('is_published', { type: 'checkbox' })}
        />
        {!standard && (
          <BoundedNumberInput label={t('fields.sort_order')} description={t('sort_order_hint')} min={0} max={10_000} allowDecimal={false} w={200} {...form.getInputProps('sort_order')} />
        )}
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List>
            {CMS_LANGUAGES.map((lang) => (
              <Tabs.Tab key={lang} value={lang} color={tabHasError(lang) ? 'red' : undefined} rightSection={tabHasError(lang) ? <IconAlertCircle size={14} color="var(--mantine-color-red-6)" aria-label={t('tab_has_errors')} /> : null}>
                {t(`languages.${lang}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CMS_LANGUAGES.map((lang) => (
            <Tabs.Panel key={lang} value={lang} pt="md">
              <Stack gap="md">
                <TextInput label={t('fields.title')} maxLength={CMS_TITLE_MAX} lang={lang} {...form.getInputProps(`translations.${lang}.title`)} />
                <RichTextField
                  label={t('fields.body')}
                  value={form.values.translations[lang].body_html}
                  onChange={(html) => form.setFieldValue(`translations.${lang}.body_html`, html)}
                  error={form.errors[`translations.${lang}.body_html`]}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Text size="xs" c="dimmed">
          {t('languages_hint')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
