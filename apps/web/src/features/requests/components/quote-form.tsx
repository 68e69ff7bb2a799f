import { useState } from 'react';
import { Button, NumberInput, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZQuoteRequest, type TQuoteRequestInput } from '@tavolo/contracts/requests';
import { AppError } from '../../../lib/api.ts';
import { fieldErrors, zodValidate } from '../../../lib/forms.ts';
import { requestsApi } from '../api/requests-api.ts';
import { ResultModal, type TResult } from './result-modal.tsx';

interface Values {
  name: string;
  email: string;
  phone: string;
  event_date: string;
  guests: number | string;
  budget: string;
  message: string;
}

const EMPTY: Values = { name: '', email: '', phone: '', event_date: '', guests: 20, budget: '', message: '' };
const toRequest = (v: Values) => ({ ...v, guests: v.guests === '' ? undefined : Number(v.guests) });
const schemaErrors = zodValidate(ZQuoteRequest);

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Catering or event quote: name, e-mail, phone, event date, guests, budget (optional), message. */
export function QuoteForm({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation('requests');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TResult | null>(null);
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY, validate: (values) => schemaErrors(toRequest(values)) });

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const res = await requestsApi.quote(toRequest(values) as TQuoteRequestInput);
      form.setValues(EMPTY);
      setResult({ ok: true, title: t('quote.success_title'), message: res.message ?? '' });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      setResult({ ok: false, title: t('reservation.failure_title'), message: error instanceof AppError && error.message ? error.message : t('reservation.failure_text') });
    } finally {
      setSending(false);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate data-form="quote">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} name="name" />
            <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} name="email" />
            <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" required {...form.getInputProps('phone')} name="phone" />
            <TextInput label={t('fields.event_date')} type="date" required min={localToday()} {...form.getInputProps('event_date')} name="event_date" />
            <NumberInput label={t('fields.guests')} required min={1} allowDecimal={false} allowNegative={false} {...form.getInputProps('guests')} name="guests" />
            <TextInput
              label={t('fields.budget')}
              description={t('quote.budget_hint')}
              inputMode="decimal"
              leftSection={<span aria-hidden>{currencySymbol}</span>}
              {...form.getInputProps('budget')}
              name="budget"
            />
          </SimpleGrid>
          <Textarea label={t('fields.quote_message')} required autosize minRows={4} maxRows={10} {...form.getInputProps('message')} name="message" />
          <Button type="submit" loading={sending} disabled={sending} size="md" style={{ alignSelf: 'flex-start' }}>
            {t('quote.submit')}
          </Button>
        </Stack>
      </form>
      <ResultModal result={result} onClose={() => setResult(null)} />
    </Paper>
  );
}
