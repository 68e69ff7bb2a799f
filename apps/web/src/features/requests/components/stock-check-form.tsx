import { useState } from 'react';
import { Alert, Button, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { MAX_STOCK_CHECK_QUANTITY, ZStockCheckRequest, type TStockCheckRequest } from '@tavolo/contracts/requests';
import { AppError } from '../../../lib/api.ts';
import { errorMessage, fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { requestsApi } from '../api/requests-api.ts';
import { useStockCheckProducts } from '../hooks/use-request-options.ts';

interface Values {
  full_name: string;
  phone_number: string;
  email: string;
  product_id: string;
  quantity: number | string;
}

const EMPTY: Values = { full_name: '', phone_number: '', email: '', product_id: '', quantity: 1 };
const toRequest = (v: Values) => ({ ...v, quantity: v.quantity === '' ? undefined : Number(v.quantity) });
const schemaErrors = zodValidate(ZStockCheckRequest);

/** SPEC §2.2 public stock check: all fields required, 'CHECK STOCK'; the answer (yes or no, never the level) shows right below. */
export function StockCheckForm() {
  const { t } = useTranslation('requests');
  const products = useStockCheckProducts();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ available: boolean; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => schemaErrors(toRequest(values)),
    onValuesChange: () => setAnswer(null),
  });

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    setFailure(null);
    try {
      const res = await requestsApi.stockCheck(toRequest(values) as TStockCheckRequest);
      setAnswer({ available: res.data.available, message: res.message ?? '' });
    } catch (error) {
      const errors = fieldErrors(error);
      form.setErrors(errors);
      setFailure(error instanceof AppError && Object.keys(errors).length === 0 ? errorMessage(error) : null);
    } finally {
      setSending(false);
    }
  });

  const data = (products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.category})` }));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate data-form="stock-check">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('fields.full_name')} autoComplete="name" required {...form.getInputProps('full_name')} name="full_name" />
            <TextInput label={t('fields.phone_number')} type="tel" autoComplete="tel" required {...form.getInputProps('phone_number')} name="phone_number" />
            <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} name="email" />
            <Select
              label={t('fields.product')}
              required
              searchable
              data={data}
              nothingFoundMessage={products.isLoading ? t('common.loading') : t('stock.no_products')}
              placeholder={t('stock.pick_product')}
              comboboxProps={{ zIndex: 350 }}
              {...form.getInputProps('product_id')}
              onChange={(value) => form.setFieldValue('product_id', value ?? '')}
              name="product_id"
            />
            <BoundedNumberInput
              label={t('fields.quantity')}
              required
              min={1}
              max={MAX_STOCK_CHECK_QUANTITY}
              allowDecimal={false}
              {...form.getInputProps('quantity')}
              name="quantity"
            />
          </SimpleGrid>
          <Button type="submit" loading={sending} disabled={sending} size="md" style={{ alignSelf: 'flex-start' }}>
            {t('stock.submit')}
          </Button>
          <div aria-live="polite">
            {answer && (
              <Alert
                color={answer.available ? 'green' : 'orange'}
                icon={answer.available ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />}
                title={answer.available ? t('stock.available') : t('stock.not_available')}
                data-answer={answer.available ? 'available' : 'unavailable'}
              >
                {answer.message}
              </Alert>
            )}
            {failure && (
              <Alert color="red" title={t('common.error')}>
                {failure}
              </Alert>
            )}
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
