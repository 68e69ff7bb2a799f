import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMediaQuery, useDebouncedValue } from '@mantine/hooks';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  CloseButton,
  Divider,
  Drawer,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';
import { MAX_LINE_QUANTITY, ZPhoneOrderRequest, cartLineKey, type TOrderType, type TPhoneOrderRequest } from '@tavolo/contracts/orders';
import type { TAdminProduct } from '@tavolo/contracts/menu';
import type { TPublicOptionGroup } from '@tavolo/contracts/storefront';
import type { TOptionGroup } from '@tavolo/contracts/ordering';
import { useQuery } from '@tanstack/react-query';
import { api, mayPassOnRetry } from '../../../lib/api.ts';
import { OptionChoiceModal, type CartOption, type OptionChoiceProduct } from '../../../components/ui/option-choice-modal.tsx';
import { money } from '../../../lib/format.ts';
import { LineOptions, OrderTotals } from '../../../components/ui/order-totals.tsx';
import { errorMessage, serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useDishSearch, useOrderingOptions, usePhoneOrderQuote, usePlacePhoneOrder } from '../api/orders-api.ts';
import { dayLabel } from '../../../lib/order-days.ts';

interface Line {
  /** cartLineKey: the same dish with other options is another line. */
  key: string;
  product_id: string;
  name: string;
  quantity: number;
  options: CartOption[];
}

interface Values {
  type: TOrderType;
  /** '' for today; another of the days the restaurant takes orders for (a call about tomorrow's pickup). */
  requested_date: string;
  requested_time: string;
  delivery_address: string;
  /** Decides the delivery zone (its fee and minimum). */
  delivery_postal_code: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  note: string;
}

const EMPTY: Values = { type: 'pickup', requested_date: '', requested_time: '', delivery_address: '', delivery_postal_code: '', customer_name: '', customer_phone: '', customer_email: '', note: '' };
const ASAP = '';
const validate = zodValidate(ZPhoneOrderRequest);

const toRequest = (values: Values, lines: Line[]): TPhoneOrderRequest => ({
  items: lines.map(({ product_id, quantity, options }) => ({ product_id, quantity, options: options.map((o) => o.id) })),
  type: values.type,
  requested_time: values.requested_time || null,
  requested_date: values.requested_date || undefined,
  delivery_address: values.type === 'delivery' ? values.delivery_address : undefined,
  delivery_postal_code: values.type === 'delivery' ? values.delivery_postal_code.trim() || undefined : undefined,
  customer_name: values.customer_name,
  customer_phone: values.customer_phone,
  customer_email: values.customer_email,
  note: values.note,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * "New phone order": staff pick dishes, type, time and customer while on the phone. Prices, stock, hours and
 * delivery rules are the server's (the quote is the checkout's); the order goes through the checkout's path.
 */
export function PhoneOrderDrawer({ opened, onClose, onPlaced }: { opened: boolean; onClose: () => void; onPlaced: (orderId: string) => void }) {
  const { t } = useTranslation('orders');
  const phone = useMediaQuery('(max-width: 48em)');
  // Whether the form holds dishes or typed details, which a stray tap beside the drawer would throw away.
  const [dirty, setDirty] = useState(false);
  const guardedClose = useDiscardGuard(() => dirty, onClose);
  return (
    <Drawer opened={opened} onClose={guardedClose} position="right" size={phone ? '100%' : 'xl'} title={<Text fw={700} fz="lg">{t('phone.title')}</Text>}>
      {/* Mounted only while open: each phone order starts empty, with a new idempotency key. */}
      {opened && <PhoneOrderForm onClose={onClose} onPlaced={onPlaced} onDirty={setDirty} />}
    </Drawer>
  );
}

function PhoneOrderForm({ onClose, onPlaced, onDirty }: { onClose: () => void; onPlaced: (orderId: string) => void; onDirty: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation('orders');
  const { t: tOrdering } = useTranslation('ordering');
  const [lines, setLines] = useState<Line[]>([]);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  // One key per order being entered: a double click or a retry after a network error places it once.
  const [key] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const options = useOrderingOptions(true);
  const dishes = useDishSearch(term, true);
  const place = usePlacePhoneOrder();
  // The dishes are checked on submit (they are not a form field).
  const form = useForm<Values>({
    initialValues: EMPTY,
    // A refusal ("we do not deliver to 99999") no longer holds once what it was about is changed.
    onValuesChange: () => setFailure(null),
    validate: (values) => Object.fromEntries(Object.entries(validate(toRequest(values, lines))).filter(([field]) => !field.startsWith('items'))),
  });
  const dirty = lines.length > 0 || form.isDirty();
  useEffect(() => {
    onDirty(dirty);
    return () => onDirty(false);
  }, [dirty, onDirty]);

  const quoteBody = useMemo(
    () =>
      lines.length
        ? {
            items: lines.map(({ product_id, quantity, options: chosen }) => ({ product_id, quantity, options: chosen.map((o) => o.id) })),
            type: form.values.type,
            delivery_postal_code: form.values.type === 'delivery' ? form.values.delivery_postal_code.trim() || undefined : undefined,
          }
        : null,
    [lines, form.values.type, form.values.delivery_postal_code],
  );
  const [debouncedQuote] = useDebouncedValue(quoteBody, 250);
  const quote = usePhoneOrderQuote(debouncedQuote);
  const symbol = options.data?.currency_symbol ?? '$';

  // The first order type the restaurant offers.
  useEffect(() => {
    if (options.data && !options.data.pickup_enabled && options.data.delivery_enabled && form.values.type === 'pickup') form.setFieldValue('type', 'delivery');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.data]);

  // A dish with option groups asks for its choices first (the storefront's dialog); only active options are offered.
  const groups = useQuery({ queryKey: ['menu', 'option-groups'], queryFn: async () => (await api<TOptionGroup[]>('GET', '/tenant/option-groups')).data });
  const [choosing, setChoosing] = useState<(OptionChoiceProduct & { id: string }) | null>(null);
  const groupsOf = (dish: TAdminProduct): TPublicOptionGroup[] =>
    dish.option_group_ids.flatMap((id) => {
      const g = groups.data?.find((x) => x.id === id);
      const active = g?.options.filter((o) => o.is_active).map(({ id: optionId, name, price_delta_cents }) => ({ id: optionId, name, price_delta_cents }));
      return g && active?.length ? [{ id: g.id, name: g.name, min_select: g.min_select, max_select: g.max_select, options: active }] : [];
    });
  // A refusal of the lines as they were (a dish sold out) no longer holds once they change.
  const changeLines = (change: (current: Line[]) => Line[]) => {
    setFailure(null);
    setLines(change);
  };
  const addLine = (dish: { id: string; name: string }, chosen: CartOption[] = []) => {
    const lineKey = cartLineKey({ product_id: dish.id, options: chosen.map((o) => o.id) });
    changeLines((current) =>
      current.some((l) => l.key === lineKey)
        ? current.map((l) => (l.key === lineKey ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + 1) } : l))
        : [...current, { key: lineKey, product_id: dish.id, name: dish.name, quantity: 1, options: chosen }],
    );
  };
  const add = (dish: TAdminProduct) => {
    const offered = groupsOf(dish);
    if (offered.length) setChoosing({ id: dish.id, name: dish.name, price_cents: dish.price_cents, discount: dish.discount, option_groups: offered });
    else addLine(dish);
  };
  const setQuantity = (id: string, quantity: number) => changeLines((current) => current.map((l) => (l.key === id ? { ...l, quantity } : l)));
  const remove = (id: string) => changeLines((current) => current.filter((l) => l.key !== id));

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (!lines.length) {
      setFailure(t('phone.no_items'));
      return;
    }
    try {
      const result = await place.mutateAsync({ body: toRequest(values, lines), key });
      notifications.show({ color: 'green', message: result.message ?? t('phone.placed', { number: result.data.order.number }) });
      onPlaced(result.data.order.id);
    } catch (error) {
      // A refused order did not use up the key (the server rolled it back), so the same key may be sent again.
      const message = serverErrors(form, error);
      setFailure(message ?? errorMessage(error));
    }
  });

  const typeChoices = (['pickup', 'delivery'] as const).filter((type) => (type === 'pickup' ? options.data?.pickup_enabled : options.data?.delivery_enabled) ?? type === 'pickup');
  // The days the storefront offers (today first); "as soon as possible" only today.
  const days = options.data?.days ?? [];
  const day = days.find((d) => d.date === form.values.requested_date) ?? days[0];
  const today = !form.values.requested_date || form.values.requested_date === days[0]?.date;
  const slots = day ? day.slots.filter((slot) => !slot.full).map((slot) => slot.time) : (options.data?.slots ?? []);
  const timeChoices = [
    ...(today && options.data?.open_now !== false ? [{ value: ASAP, label: t('asap') }] : []),
    ...slots.map((slot) => ({ value: slot, label: t('for_time', { time: slot }) })),
  ];
  const chooseDay = (date: string | null) => {
    const chosen = days.find((d) => d.date === date);
    if (!chosen) return;
    const first = chosen === days[0];
    form.setValues({ requested_date: first ? '' : chosen.date, requested_time: first && options.data?.open_now !== false ? ASAP : (chosen.slots.find((slot) => !slot.full)?.time ?? '') });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {options.data && !options.data.accepting && (
          <Alert color="orange" icon={<IconAlertTriangle />}>
            {options.data.reason ?? t('phone.not_accepting')}
          </Alert>
        )}

        <Section title={t('phone.dishes')}>
          <TextInput
            label={t('phone.search_dishes')}
            placeholder={t('phone.search_placeholder')}
            leftSection={<IconSearch size={16} />}
            rightSection={search ? <CloseButton size="sm" aria-label={t('clear_search')} onClick={() => setSearch('')} /> : dishes.isFetching ? <Loader size={14} /> : null}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            type="search"
          />
          <Paper withBorder radius="md">
            {/* Scrolls up and down only: ScrollArea's content grew as wide as the longest dish name, so a long name
                pushed every price and + sideways out of the phone's view (the names are cut with … instead). */}
            <Box mah={220} style={{ overflowY: 'auto' }}>
              {dishes.isError ? (
                <Text size="sm" c="red" p="sm" role="alert">
                  {errorMessage(dishes.error)}
                </Text>
              ) : !dishes.data ? (
                <Group p="sm">
                  <Loader size="sm" />
                </Group>
              ) : dishes.data.length === 0 ? (
                <Text size="sm" c="dimmed" p="sm">
                  {t('phone.no_dishes')}
                </Text>
              ) : (
                dishes.data.map((dish) => {
                  const soldOut = dish.track_stock && dish.stock_quantity <= 0;
                  return (
                    <UnstyledButton
                      key={dish.id}
                      onClick={() => add(dish)}
                      disabled={soldOut}
                      w="100%"
                      px="sm"
                      py={8}
                      aria-label={soldOut ? t('phone.sold_out_dish', { name: dish.name }) : t('phone.add', { name: dish.name })}
                      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', opacity: soldOut ? 0.55 : undefined, cursor: soldOut ? 'not-allowed' : undefined }}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="sm">
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600} truncate>
                            {dish.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {dish.category.name}
                            {dish.track_stock ? ` · ${soldOut ? t('phone.sold_out') : t('phone.in_stock', { count: dish.stock_quantity })}` : ''}
                          </Text>
                        </Stack>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{money(dish.final_price_cents, symbol)}</Text>
                          {!soldOut && <IconPlus size={18} aria-hidden />}
                        </Group>
                      </Group>
                    </UnstyledButton>
                  );
                })
              )}
            </Box>
          </Paper>
          {lines.length > 0 ? (
            <Stack gap={6} aria-label={t('phone.lines')} role="list">
              {lines.map((line) => (
                <Group key={line.key} gap="xs" wrap="nowrap" role="listitem">
                  <NumberInput
                    aria-label={t('phone.quantity_of', { name: line.name })}
                    value={line.quantity}
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="strict"
                    onChange={(value) => setQuantity(line.key, Math.max(1, Number(value) || 1))}
                    w={84}
                  />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {line.name}
                    </Text>
                    {line.options.length > 0 && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {line.options.map((o) => o.name).join(', ')}
                      </Text>
                    )}
                  </Stack>
                  <ActionIcon variant="subtle" color="red" aria-label={t('phone.remove', { name: line.name })} onClick={() => remove(line.key)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('phone.no_items')}
            </Text>
          )}
        </Section>

        <Section title={t('phone.order')}>
          {typeChoices.length > 1 ? (
            <SegmentedControl
              aria-label={t('detail.type')}
              data={typeChoices.map((type) => ({ value: type, label: t(`type.${type}`) }))}
              {...form.getInputProps('type')}
            />
          ) : (
            <Text size="sm">{t(`type.${typeChoices[0] ?? 'pickup'}`)}</Text>
          )}
          {form.values.type === 'delivery' && (
            <>
              <Textarea label={t('detail.delivery_address')} required autosize minRows={2} maxLength={300} {...form.getInputProps('delivery_address')} />
              <TextInput label={t('phone.postal_code')} required maxLength={12} autoComplete="postal-code" maw={200} {...form.getInputProps('delivery_postal_code')} />
            </>
          )}
          <SimpleGrid cols={{ base: 1, xs: days.length > 1 ? 2 : 1 }} spacing="sm">
            {days.length > 1 && (
              <Select
                label={t('phone.day')}
                data={days.map((d) => ({ value: d.date, label: dayLabel(d.date, options.data!.time_zone, i18n.language, tOrdering), disabled: !d.slots.some((slot) => !slot.full) }))}
                allowDeselect={false}
                value={day?.date ?? null}
                onChange={chooseDay}
              />
            )}
            <Select label={t('phone.time')} data={timeChoices} allowDeselect={false} {...form.getInputProps('requested_time')} error={form.errors.requested_time} />
          </SimpleGrid>
        </Section>

        <Section title={t('detail.customer')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('phone.name')} required maxLength={120} {...form.getInputProps('customer_name')} />
            <TextInput label={t('phone.phone')} required type="tel" maxLength={32} {...form.getInputProps('customer_phone')} />
          </SimpleGrid>
          <TextInput label={t('phone.email')} description={t('phone.email_hint')} type="email" maxLength={254} {...form.getInputProps('customer_email')} />
          <Textarea label={t('phone.note')} autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
        </Section>

        <Paper withBorder radius="md" p="sm" aria-live="polite">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
            {t('phone.summary')}
          </Text>
          {!lines.length ? (
            <Text size="sm" c="dimmed">
              {t('phone.summary_empty')}
            </Text>
          ) : quote.isError ? (
            <Stack gap={6} align="flex-start">
              <Text size="sm" c="red" role="alert">
                {errorMessage(quote.error)}
              </Text>
              {mayPassOnRetry(quote.error) && (
                <Button size="xs" variant="light" color="red" loading={quote.isFetching} onClick={() => void quote.refetch()}>
                  {t('retry')}
                </Button>
              )}
            </Stack>
          ) : !quote.data ? (
            <Loader size="sm" />
          ) : (
            <Stack gap={4} style={{ opacity: quote.isPlaceholderData ? 0.6 : 1 }}>
              {quote.data.lines.map((line) => (
                <Group key={[line.product_id, ...line.option_ids].join('+')} justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm">
                      {line.quantity} × {line.name}
                    </Text>
                    <LineOptions options={line.options} symbol={quote.data.currency_symbol} />
                  </Stack>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {money(line.line_total_cents, quote.data.currency_symbol)}
                  </Text>
                </Group>
              ))}
              <Divider my={4} />
              <OrderTotals totals={quote.data} type={form.values.type} />
              {quote.data.delivery_min_missing_cents > 0 && (
                <Text size="sm" c="orange.8">
                  {t('phone.delivery_minimum', { missing: money(quote.data.delivery_min_missing_cents, quote.data.currency_symbol) })}
                </Text>
              )}
            </Stack>
          )}
        </Paper>

        {failure && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {failure}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={place.isPending}>
            {t('reason_modal.back')}
          </Button>
          <Button type="submit" loading={place.isPending}>
            {t('phone.submit')}
          </Button>
        </Group>
      </Stack>
      <OptionChoiceModal
        product={choosing}
        symbol={symbol}
        onClose={() => setChoosing(null)}
        onConfirm={(chosen) => {
          if (choosing) addLine(choosing, chosen);
          setChoosing(null);
        }}
      />
    </form>
  );
}
