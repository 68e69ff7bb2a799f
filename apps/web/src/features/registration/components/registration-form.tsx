import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Divider, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { IconBuildingStore, IconCircleCheck, IconCircleX, IconArrowRight, IconClockDollar, IconMapPin, IconUserShield, IconWorld } from '@tabler/icons-react';
import i18n, { Trans, useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { PASSWORD_MIN, ZRegisterTenantRequest, type TRegisterTenantRequest } from '@tavolo/contracts/auth';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, currencyForCountry } from '@tavolo/contracts/currencies';
import type { TImportPayload, TImportPreview } from '@tavolo/contracts/listing-import';
import { timeZones } from '@tavolo/contracts/settings';
import { site } from '../../../app/site.ts';
import { CurrencySelect } from '../../../components/ui/currency-select.tsx';
import { errorMessage, fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { registrationApi } from '../api/registration-api.ts';
import { useDomainCheck, type TDomainCheckState } from '../hooks/use-domain-check.ts';
import { browserCurrency, browserTimeZone } from '../lib/locale-defaults.ts';
import { normaliseDomainInput, slugify } from '../lib/slugify.ts';
import { DomainStatus } from './domain-status.tsx';
import { ImportPanel } from './import-panel.tsx';

type TField = keyof TRegisterTenantRequest;

/** The contract's keys in the order the form shows them (first error gets the focus). */
const FIELDS: readonly TField[] = [
  'restaurant_name',
  'domain',
  'email',
  'phone',
  'password',
  'password_confirmation',
  'address',
  'street',
  'postal_code',
  'city',
  'state',
  'country',
  'county',
  'time_zone',
  'currency',
];

/** What the sign-up takes along from a reviewed import (the server checks it again). */
function importPayload(preview: TImportPreview): TImportPayload {
  return {
    sections: preview.sections,
    opening_hours: preview.opening_hours,
    description: preview.description,
    currency: preview.currency,
    logo_url: preview.logo_url,
  };
}

const EMPTY: TRegisterTenantRequest = {
  restaurant_name: '',
  domain: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  address: '',
  street: '',
  postal_code: '',
  city: '',
  state: '',
  country: '',
  county: '',
  time_zone: 'UTC',
  currency: DEFAULT_CURRENCY,
};

const schemaErrors = zodValidate(ZRegisterTenantRequest);

/**
 * The shared schema, plus the confirmation check right away: the schema compares the passwords
 * only once every other field is valid, which would hide the mismatch until the very end.
 */
function validate(values: TRegisterTenantRequest): Record<string, string> {
  const errors = schemaErrors(values);
  if (!errors.password_confirmation && (!values.password_confirmation || (values.password && values.password_confirmation !== values.password))) {
    errors.password_confirmation = i18n.t(values.password_confirmation ? 'shared:validation.password_mismatch' : 'shared:validation.required');
  }
  return errors;
}

function focusFirstError(errors: Record<string, unknown>) {
  const field = FIELDS.find((name) => errors[name]);
  // A select's [name] is its hidden input; the one to type into carries data-name.
  if (field) document.querySelector<HTMLInputElement>(`form[data-registration] :is([name="${field}"]:not([type="hidden"]), [data-name="${field}"])`)?.focus();
}

function Section({ icon, title, hint, children }: { icon: ReactNode; title: string; hint: string; children: ReactNode }) {
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Group gap="sm" wrap="nowrap" mb="md" align="flex-start">
        <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg" component="legend" p={0}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Box>
  );
}

function statusIcon(state: TDomainCheckState) {
  if (state.status === 'checking') return <Loader size={16} color="gray" aria-hidden />;
  if (state.status === 'available') return <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden />;
  if (state.status === 'unavailable') return <IconCircleX size={20} color="var(--mantine-color-red-7)" aria-hidden />;
  return null;
}

/** SPEC §2.1 restaurant registration: restaurant, owner account and address; lands in the new dashboard. */
export function RegistrationForm() {
  const { t } = useTranslation('marketing');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  // While the owner has not typed a domain, it follows the restaurant name.
  const [domainEdited, setDomainEdited] = useState(false);
  // Likewise the currency follows the country until the owner picks one (or an imported page names one).
  const [currencyChosen, setCurrencyChosen] = useState(false);
  const zones = useMemo(() => timeZones(), []);
  const form = useForm<TRegisterTenantRequest>({ initialValues: EMPTY, validate, validateInputOnBlur: true });
  // The device's zone and languages exist only in the browser (the page may first be rendered on the server).
  useEffect(() => {
    form.setValues({ time_zone: browserTimeZone(zones), currency: browserCurrency() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [imported, setImported] = useState<TImportPreview | null>(null);
  const { t: ti } = useTranslation('import');
  const domainCheck = useDomainCheck(form.values.domain);

  const submit = form.onSubmit(
    async (values) => {
      if (domainCheck.status === 'unavailable' && domainCheck.domain === values.domain.trim().toLowerCase()) {
        form.setFieldError('domain', domainCheck.reason ?? t('register.domain.unavailable'));
        focusFirstError({ domain: true });
        return;
      }
      setBusy(true);
      setError(null);
      try {
        const { data, message } = await registrationApi.register(imported ? { ...values, import: importPayload(imported) } : values);
        setCreated(message ?? t('register.created'));
        window.location.assign(data.redirect_url);
      } catch (e) {
        const errors = fieldErrors(e);
        const onFields = Object.fromEntries(Object.entries(errors).filter(([field]) => (FIELDS as readonly string[]).includes(field)));
        if (Object.keys(onFields).length) {
          form.setErrors(onFields);
          focusFirstError(onFields);
        } else {
          setError(errorMessage(e));
        }
        setBusy(false);
      }
    },
    (errors) => focusFirstError(errors),
  );

  const nameInput = form.getInputProps('restaurant_name');
  const domainInput = form.getInputProps('domain');
  const countryInput = form.getInputProps('country');
  const currencyInput = form.getInputProps('currency');
  const address = `${form.values.domain.trim() || t('register.domain.example')}.${site.mainDomain}`;

  const applyImport = (preview: TImportPreview) => {
    // Found values replace the form's; what the page did not say keeps what the owner typed.
    const found = Object.fromEntries(Object.entries(preview.restaurant).filter(([, value]) => value !== ''));
    // The page's own currency, else its country's, unless the owner already picked one.
    const pageCurrency = SUPPORTED_CURRENCIES.find((code) => code === preview.currency);
    const currency = currencyChosen ? undefined : (pageCurrency ?? currencyForCountry(found.country));
    form.setValues({ ...form.values, ...found, ...(currency && { currency }) });
    if (pageCurrency) setCurrencyChosen(true);
    if (found.domain) setDomainEdited(true);
    setImported(preview);
    document.querySelector<HTMLInputElement>('form[data-registration] [name="restaurant_name"]')?.focus();
  };
  const importedCount = imported?.items_count ?? 0;

  return (
    <Stack gap="xl">
      <ImportPanel onUse={applyImport} />
      <form onSubmit={submit} noValidate data-registration aria-busy={busy}>
        <Stack gap="xl">
          {imported && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title={ti('applied_title', { host: new URL(imported.source_url).host })} data-testid="import-applied">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{importedCount ? ti('applied_text', { count: importedCount, sections: imported.sections.length }) : ti('applied_text_no_menu')}</Text>
                <Button variant="subtle" color="gray" size="compact-sm" onClick={() => setImported(null)}>
                  {ti('remove_import')}
                </Button>
              </Stack>
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert" title={t('register.failed')}>
              {error}
            </Alert>
          )}

          <Section icon={<IconBuildingStore size={20} />} title={t('register.sections.restaurant')} hint={t('register.sections.restaurant_hint')}>
            <TextInput
              {...nameInput}
              name="restaurant_name"
              label={t('register.fields.restaurant_name')}
              placeholder={t('register.placeholders.restaurant_name')}
              autoComplete="organization"
              required
              onChange={(event) => {
                nameInput.onChange(event);
                if (!domainEdited) form.setFieldValue('domain', slugify(event.currentTarget.value));
              }}
            />
            <TextInput
              {...domainInput}
              name="domain"
              label={t('register.fields.domain')}
              placeholder={t('register.domain.example')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              rightSection={statusIcon(domainCheck)}
              inputContainer={(children) => (
                <>
                  {children}
                  <Stack gap={4} mt={6}>
                    <Group gap={6} wrap="nowrap" align="flex-start" c="dimmed">
                      <IconWorld size={16} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
                      <Text size="xs" span>
                        {t('register.domain.preview')}{' '}
                        <Text span inherit fw={700} c="var(--mantine-color-text)" style={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }} data-testid="domain-preview">
                          {address}
                        </Text>
                      </Text>
                    </Group>
                    <DomainStatus id="domain-status" state={domainCheck} hidden={Boolean(form.errors.domain)} />
                  </Stack>
                </>
              )}
              onChange={(event) => {
                const value = normaliseDomainInput(event.currentTarget.value);
                form.setFieldValue('domain', value);
                setDomainEdited(value !== '');
              }}
            />
          </Section>

          <Divider />

          <Section icon={<IconUserShield size={20} />} title={t('register.sections.account')} hint={t('register.sections.account_hint')}>
            <TextInput {...form.getInputProps('email')} name="email" type="email" label={t('register.fields.email')} placeholder="owner@example.com" autoComplete="email" required />
            <TextInput {...form.getInputProps('phone')} name="phone" type="tel" label={t('register.fields.phone')} placeholder={t('register.placeholders.phone')} autoComplete="tel" required />
            <PasswordField
              {...form.getInputProps('password')}
              name="password"
              label={t('register.fields.password')}
              description={t('register.password_rules', { min: PASSWORD_MIN })}
              autoComplete="new-password"
              required
            />
            <PasswordField
              {...form.getInputProps('password_confirmation')}
              name="password_confirmation"
              label={t('register.fields.password_confirmation')}
              description={t('register.password_confirmation_hint')}
              autoComplete="new-password"
              required
            />
          </Section>

          <Divider />

          <Section icon={<IconMapPin size={20} />} title={t('register.sections.address')} hint={t('register.sections.address_hint')}>
            <TextInput {...form.getInputProps('address')} name="address" label={t('register.fields.address')} placeholder={t('register.placeholders.address')} autoComplete="address-line1" required />
            <TextInput {...form.getInputProps('street')} name="street" label={t('register.fields.street')} placeholder={t('register.placeholders.street')} autoComplete="address-line2" />
            <TextInput {...form.getInputProps('postal_code')} name="postal_code" label={t('register.fields.postal_code')} placeholder={t('register.placeholders.postal_code')} autoComplete="postal-code" required />
            <TextInput {...form.getInputProps('city')} name="city" label={t('register.fields.city')} placeholder={t('register.placeholders.city')} autoComplete="address-level2" required />
            <TextInput {...form.getInputProps('state')} name="state" label={t('register.fields.state')} placeholder={t('register.placeholders.state')} autoComplete="address-level1" />
            <TextInput
              {...countryInput}
              name="country"
              label={t('register.fields.country')}
              placeholder={t('register.placeholders.country')}
              autoComplete="country-name"
              required
              onChange={(event) => {
                countryInput.onChange(event);
                const currency = currencyForCountry(event.currentTarget.value);
                if (!currencyChosen && currency) form.setFieldValue('currency', currency);
              }}
            />
            <TextInput {...form.getInputProps('county')} name="county" label={t('register.fields.county')} placeholder={t('register.placeholders.county')} />
          </Section>

          <Divider />

          <Section icon={<IconClockDollar size={20} />} title={t('register.sections.locale')} hint={t('register.sections.locale_hint')}>
            <Select
              {...form.getInputProps('time_zone')}
              name="time_zone"
              data-name="time_zone"
              label={t('register.fields.time_zone')}
              description={t('register.time_zone_hint')}
              required
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('register.time_zone_none')}
              data={zones}
              limit={100}
            />
            <CurrencySelect
              {...currencyInput}
              name="currency"
              data-name="currency"
              label={t('register.fields.currency')}
              description={t('register.currency_hint')}
              required
              nothingFoundMessage={t('register.currency_none')}
              onChange={(value) => {
                currencyInput.onChange(value);
                setCurrencyChosen(true);
              }}
            />
          </Section>

          <Divider />

          {created && (
            <Alert color="teal" role="status" icon={<IconCircleCheck size={20} />}>
              {created} {t('register.opening_dashboard')}
            </Alert>
          )}

          <Stack gap="sm">
            <Button type="submit" size="md" loading={busy} disabled={busy} rightSection={<IconArrowRight size={18} />} w={{ base: '100%', sm: 'auto' }} style={{ alignSelf: 'flex-start' }}>
              {t('register.submit')}
            </Button>
            <Text size="xs" c="dimmed">
              <Trans
                t={t}
                i18nKey="register.legal"
                components={{
                  terms: <Anchor component={Link} to="/terms" size="xs" underline="always" />,
                  privacy: <Anchor component={Link} to="/privacy" size="xs" underline="always" />,
                }}
              />
            </Text>
          </Stack>
        </Stack>
      </form>
    </Stack>
  );
}
