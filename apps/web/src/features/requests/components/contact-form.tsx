import { TextInput } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import { ZContactRequest, type TContactRequest } from '@tavolo/contracts/requests';
import { zodValidate, useForm } from '../../../lib/forms.ts';
import { requestsApi } from '../api/requests-api.ts';
import { useRequestSubmit } from '../hooks/use-request-submit.ts';
import { RequestFormCard } from './request-form-card.tsx';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };
const validate = zodValidate(ZContactRequest);

/** A message to the restaurant: name, e-mail, phone (optional), subject, message. */
export function ContactForm() {
  const { t } = useTranslation('requests');
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: (values) => validate(values) });
  const { sending, submit, result, closeResult } = useRequestSubmit(form, {
    empty: EMPTY,
    send: (values) => requestsApi.contact(ZContactRequest.parse(values) as TContactRequest),
    success: (message) => ({ title: t('contact.success_title'), message: message ?? '' }),
  });

  return (
    <RequestFormCard
      form="contact"
      onSubmit={submit}
      submitLabel={t('contact.submit')}
      sending={sending}
      result={result}
      onCloseResult={closeResult}
      fields={
        <>
          <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} name="name" />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} name="email" />
          <TextInput label={t('fields.phone_optional')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} name="phone" />
          <TextInput label={t('fields.subject')} required {...form.getInputProps('subject')} name="subject" />
        </>
      }
    >
      <GrowingTextarea label={t('fields.message')} required minRows={4} maxRows={10} {...form.getInputProps('message')} name="message" />
    </RequestFormCard>
  );
}
