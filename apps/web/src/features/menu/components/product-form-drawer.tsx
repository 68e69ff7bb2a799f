import { useEffect } from 'react';
import { Alert, Button, Chip, Collapse, Divider, Drawer, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { MAX_PRICE_CENTS, ZProductInput, type TAdminProduct, type TCategory, type TProductInput } from '@tavolo/contracts/menu';
import { fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useCurrencySymbol } from '../../../lib/currencies.ts';
import { money, percent } from '../../../lib/format.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { useSaveProduct } from '../api/products-api.ts';
import { taxRateLabel } from '../../../components/ui/order-totals-rows.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { ImageUploadField } from './image-upload-field.tsx';
import { ALLERGENS, DIET_TAGS, type TAllergen, type TDietTag } from '@tavolo/contracts/ordering';
import type { TTaxRate } from '@tavolo/contracts/ordering';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useOptionGroups } from '../api/option-groups-api.ts';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';

/** The form holds the price as a decimal amount; the contract wants integer cents. */
interface ProductFormValues {
  name: string;
  description: string;
  price: number | string;
  discount: number | string;
  category_id: string | null;
  image: string | null;
  is_active: boolean;
  rating: number | string;
  sort_order: number | string;
  track_stock: boolean;
  stock_quantity: number | string;
  low_stock_threshold: number | string;
  allergens: TAllergen[];
  diet_tags: TDietTag[];
  /** '' : the restaurant's default rate. */
  tax_rate_id: string;
  option_group_ids: string[];
}

const valuesOf = (product: TAdminProduct | null, defaultCategory: string | null): ProductFormValues => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product ? product.price_cents / 100 : '',
  discount: product?.discount ?? 0,
  category_id: product?.category_id ?? defaultCategory,
  image: product?.image ?? null,
  is_active: product?.is_active ?? true,
  rating: product?.rating ?? 0,
  sort_order: product?.sort_order ?? 0,
  track_stock: product?.track_stock ?? false,
  stock_quantity: product?.stock_quantity ?? 0,
  low_stock_threshold: product?.low_stock_threshold ?? 0,
  allergens: product?.allergens ?? [],
  diet_tags: product?.diet_tags ?? [],
  tax_rate_id: product?.tax_rate_id ?? '',
  option_group_ids: product?.option_group_ids ?? [],
});

const num = (value: number | string): number | undefined => (value === '' || value === null ? undefined : Number(value));

/** Decimal to cents without float drift: 12.3 -> 1230, 0.1 + 0.2 style errors rounded away. */
export const toCents = (value: number | string): number | undefined => {
  const amount = num(value);
  return amount === undefined || Number.isNaN(amount) ? undefined : Math.round(amount * 100);
};

const toInput = (values: ProductFormValues) =>
  ({
    name: values.name,
    description: values.description,
    price_cents: toCents(values.price),
    discount: num(values.discount),
    category_id: values.category_id ?? undefined,
    image: values.image,
    is_active: values.is_active,
    rating: num(values.rating),
    sort_order: num(values.sort_order),
    track_stock: values.track_stock,
    stock_quantity: num(values.stock_quantity),
    low_stock_threshold: num(values.low_stock_threshold),
    allergens: values.allergens,
    diet_tags: values.diet_tags,
    tax_rate_id: values.tax_rate_id || null,
    option_group_ids: values.option_group_ids,
  }) as TProductInput;

/** Contract field names -> form field names. */
const toFormErrors = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field === 'price_cents' ? 'price' : field, message]));

const validateInput = zodValidate(ZProductInput);

interface Props {
  opened: boolean;
  product: TAdminProduct | null;
  categories: TCategory[];
  defaultCategory: string | null;
  onClose: () => void;
}

export function ProductFormDrawer({ opened, product, categories, defaultCategory, onClose }: Props) {
  const { t } = useTranslation('menu');
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveProduct();
  const symbol = useCurrencySymbol();
  // Same cache entry as the tax page's list (features/taxes).
  const taxRates = useQuery({ queryKey: ['taxes', 'rates'], queryFn: async () => (await api<TTaxRate[]>('GET', '/tenant/tax-rates')).data, enabled: opened });
  const optionGroups = useOptionGroups(opened);
  const withNotification = useSaveNotification();
  const form = useForm<ProductFormValues>({
    initialValues: valuesOf(product, defaultCategory),
    validate: (values) => toFormErrors(validateInput(toInput(values))),
  });

  useEffect(() => {
    if (!opened) return;
    const values = valuesOf(product, defaultCategory ?? categories[0]?.id ?? null);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Reset only when the drawer opens for a (new) product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, product?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await withNotification(() => save.mutateAsync({ id: product?.id, input: toInput(values) }));
      onClose();
    } catch (error) {
      form.setErrors(toFormErrors(fieldErrors(error)));
    }
  });

  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);
  const cents = toCents(form.values.price) ?? 0;
  const discount = num(form.values.discount) ?? 0;
  const finalCents = Math.round((cents * (100 - Math.min(100, Math.max(0, discount)))) / 100);
  const hasErrors = Object.keys(form.errors).length > 0;

  return (
    <Drawer
      opened={opened}
      onClose={guardedClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={<Text fw={700} fz="lg">{product ? t('products.edit_title') : t('products.add_title')}</Text>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!categories.length && (
            <Alert color="yellow" role="status">
              {t('products.no_categories')}
            </Alert>
          )}
          <TextInput label={t('fields.name')} required maxLength={120} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('fields.description')} autosize minRows={2} maxRows={8} maxLength={2000} {...form.getInputProps('description')} />
          <Select
            label={t('fields.category')}
            required
            searchable
            // Every product belongs to a category: clicking the chosen one must not clear it.
            allowDeselect={false}
            data={categories.map((c) => ({ value: c.id, label: c.is_active ? c.name : `${c.name} (${t('status.hidden')})` }))}
            placeholder={t('products.choose_category')}
            nothingFoundMessage={t('products.no_match')}
            {...form.getInputProps('category_id')}
          />
          <ImageUploadField value={form.values.image} onChange={(url) => form.setFieldValue('image', url)} error={form.errors.image} />

          <Divider label={t('products.section_price')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <BoundedNumberInput
              label={t('fields.price')}
              required
              // What the field shows is what is saved: a typed -5 showed "-5.00" and was clamped to a free dish on blur.
              min={0}
              max={MAX_PRICE_CENTS / 100}
              currency={symbol}
              decimalScale={2}
              fixedDecimalScale
              step={0.5}
              inputMode="decimal"
              decimalSeparator={t('decimal_separator')}
              thousandSeparator={false}
              {...form.getInputProps('price')}
            />
            <BoundedNumberInput label={t('fields.discount')} min={0} max={100} allowDecimal={false} suffix={percent('')} {...form.getInputProps('discount')} />
          </SimpleGrid>
          {discount > 0 && cents > 0 && (
            <Text size="sm" c="dimmed">
              {t('products.final_price', { price: money(finalCents, symbol) })}
            </Text>
          )}

          {(taxRates.data?.length ?? 0) > 0 && (
            <Select
              label={t('fields.tax_rate')}
              allowDeselect={false}
              data={[
                { value: '', label: t('products.default_rate') },
                ...(taxRates.data ?? []).map((r) => ({ value: r.id, label: taxRateLabel(r.name, r.rate_millipercent) })),
              ]}
              {...form.getInputProps('tax_rate_id')}
            />
          )}

          <Divider label={t('products.section_dietary')} labelPosition="left" />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="diet-tags-label">
              {t('fields.diet_tags')}
            </Text>
            <Chip.Group multiple value={form.values.diet_tags} onChange={(v) => form.setFieldValue('diet_tags', DIET_TAGS.filter((d) => v.includes(d)))}>
              <Group gap="xs" role="group" aria-labelledby="diet-tags-label">
                {DIET_TAGS.map((d) => (
                  <Chip key={d} value={d} size="sm">
                    {t(`dietary:diet.${d}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="allergens-label">
              {t('fields.allergens')}
            </Text>
            <Chip.Group multiple value={form.values.allergens} onChange={(v) => form.setFieldValue('allergens', ALLERGENS.filter((a) => v.includes(a)))}>
              <Group gap={6} role="group" aria-labelledby="allergens-label">
                {ALLERGENS.map((a) => (
                  <Chip key={a} value={a} size="xs" color="grape">
                    {t(`dietary:allergen.${a}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {form.errors.allergens && (
              <Text c="red" size="xs">
                {form.errors.allergens}
              </Text>
            )}
          </Stack>

          <Divider label={t('products.section_options')} labelPosition="left" />
          <MultiSelect
            label={t('fields.option_groups')}
            description={t('products.option_groups_hint')}
            placeholder={form.values.option_group_ids.length ? undefined : t('products.no_option_groups')}
            data={(optionGroups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            searchable
            clearable
            nothingFoundMessage={t('products.no_match')}
            {...form.getInputProps('option_group_ids')}
          />

          <Divider label={t('products.section_stock')} labelPosition="left" />
          <Switch label={t('fields.track_stock')} description={t('products.track_stock_hint')} {...form.getInputProps('track_stock', { type: 'checkbox' })} />
          <Collapse in={form.values.track_stock}>
            {/* Inputs on one line though only one of the pair has a hint above it (bottom-aligned). */}
            <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ alignItems: 'end' }}>
              <BoundedNumberInput label={t('fields.stock_quantity')} min={0} max={1_000_000} allowDecimal={false} {...form.getInputProps('stock_quantity')} />
              <BoundedNumberInput label={t('fields.low_stock_threshold')} description={t('products.low_stock_hint')} min={0} max={1_000_000} allowDecimal={false} {...form.getInputProps('low_stock_threshold')} />
            </SimpleGrid>
          </Collapse>

          <Divider label={t('products.section_display')} labelPosition="left" />
          <Switch label={t('fields.active')} description={t('products.active_hint')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ alignItems: 'end' }}>
            <BoundedNumberInput
              label={t('fields.rating')}
              description={t('products.rating_hint')}
              min={0}
              max={5}
              step={0.1}
              decimalScale={1}
              decimalSeparator={t('decimal_separator')}
              leftSection={<IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />}
              {...form.getInputProps('rating')}
            />
            <BoundedNumberInput label={t('fields.sort_order')} description={t('products.sort_order_hint')} min={0} max={100_000} allowDecimal={false} {...form.getInputProps('sort_order')} />
          </SimpleGrid>

          {hasErrors && (
            <Alert color="red" role="alert">
              {t('check_fields')}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!categories.length}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
