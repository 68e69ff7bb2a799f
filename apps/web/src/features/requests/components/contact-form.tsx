import { useState } from 'react';
import { Button, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZContactRequest, type TContactRequest } from '@tavolo/contracts/requests';
import { AppError } from '../../../lib/api.ts';
import { fieldErrors, zodValidate } from '../../../lib/forms.ts';
import { requestsApi } from '../api/requests-api.ts';
import { ResultModal, type TResult } from './result-modal.tsx';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };
const validate = zodValidate(ZContactRequest);

/** A message to the restaurant: name, e-mail, phone (optional), subject, message. */
export function ContactForm() {
  const { t } = useTranslation('requests');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TResult | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: (values) => validate(values) });

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const res = await requestsApi.contact(ZContactRequest.parse(values) as TContactRequest);
      form.setValues(EMPTY);
      setResult({ ok: true, title: t('contact.success_title'), message: res.message ?? '' });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      setResult({ ok: false, title: t('reservation.failure_title'), message: error instanceof AppError && error.message ? error.message : t('reservation.failure_text') });
    } finally {
      setSending(false);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate data-form="contact">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} name="name" />
            <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} name="email" />
            <TextInput label={t('fields.phone_optional')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} name="phone" />
            <TextInput label={t('fields.subject')} required {...form.getInputProps('subject')} name="subject" />
          </SimpleGrid>
          <Textarea label={t('fields.message')} required autosize minRows={4} maxRows={10} {...form.getInputProps('message')} name="message" />
          <Button type="submit" loading={sending} disabled={sending} size="md" style={{ alignSelf: 'flex-start' }}>
            {t('contact.submit')}
          </Button>
        </Stack>
      </form>
      <ResultModal result={result} onClose={() => setResult(null)} />
    </Paper>
  );
}
