import { TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { MAX_QUOTE_GUESTS, ZQuoteRequest, type TQuoteRequestInput } from '@tavolo/contracts/requests';
import { zodValidate, useForm } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { requestsApi } from '../api/requests-api.ts';
import { useRequestSubmit } from '../hooks/use-request-submit.ts';
import { RequestFormCard } from './request-form-card.tsx';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';

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
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY, validate: (values) => schemaErrors(toRequest(values)) });
  const { sending, submit, result, closeResult } = useRequestSubmit(form, {
    empty: EMPTY,
    send: (values) => requestsApi.quote(toRequest(values) as TQuoteRequestInput),
    success: (message) => ({ title: t('quote.success_title'), message: message ?? '' }),
  });

  return (
    <RequestFormCard
      form="quote"
      onSubmit={submit}
      submitLabel={t('quote.submit')}
      sending={sending}
      result={result}
      onCloseResult={closeResult}
      fields={
        <>
          <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} name="name" />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} name="email" />
          <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" required {...form.getInputProps('phone')} name="phone" />
          <DayInput
            label={t('fields.event_date')}
            required
            minDate={localToday()}
            value={form.values.event_date || null}
            onChange={(value) => form.setFieldValue('event_date', value ?? '')}
            error={form.errors.event_date}
            name="event_date"
            data-field="event_date"
          />
          <BoundedNumberInput label={t('fields.guests')} required min={1} max={MAX_QUOTE_GUESTS} allowDecimal={false} {...form.getInputProps('guests')} name="guests" />
          <TextInput
            label={t('fields.budget')}
            description={t('quote.budget_hint')}
            inputMode="decimal"
            leftSection={<span aria-hidden>{currencySymbol}</span>}
            {...form.getInputProps('budget')}
            name="budget"
          />
        </>
      }
    >
      <GrowingTextarea label={t('fields.quote_message')} required minRows={4} maxRows={10} {...form.getInputProps('message')} name="message" />
    </RequestFormCard>
  );
}
