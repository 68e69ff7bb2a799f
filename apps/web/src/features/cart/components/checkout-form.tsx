import { useEffect, useRef, useState } from 'react';
import type { TGeoPoint, TTip } from '@tavolo/contracts/ordering';
import { Alert, Anchor, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '../../../components/lite/index.ts';
import { Checkbox, TextField } from '../../../components/lite/form-inputs.tsx';
import { IconAlertCircle, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TFunction } from '@tavolo/contracts/translator';
import { Link, useNavigate } from 'react-router';
import type { TCheckoutRequest, TOrderingOptions, TOrderQuote, TOrderType } from '@tavolo/contracts/orders';
import { errorMessage, fieldErrors, serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { mayPassOnRetry } from '../../../lib/api.ts';
import { OrderTotals } from '../../../components/ui/order-totals.tsx';
import { money } from '../../../lib/format.ts';
import { cart, cartKey, lineKey, useCart } from '../hooks/use-cart.ts';
import { usePlaceOrder } from '../hooks/use-checkout.ts';
import { quotedUnits, useOrderingOptions, useQuote, useTryQuote, type QuotePricing } from '../hooks/use-quote.ts';
import { CartLineRow } from './cart-line-row.tsx';
import { CouponField } from './coupon-field.tsx';
import { quotableTip, TipPicker } from './tip-picker.tsx';
import { DeliveryFields } from './delivery-fields.tsx';
import { ASAP, asapPossible, firstFree, OrderTimePicker } from './order-time-picker.tsx';
import { OrderingPausedNotice } from '../../../components/ui/ordering-paused-notice.tsx';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { CheckoutColumns } from './checkout-columns.tsx';

/** Quote refusals shown under their own field rather than in the summary's alert. */
const SHOWN_AT_FIELD = ['coupon_code', 'delivery_postal_code'];
const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The order's rules, the server's own (its Zod schema): Zod is about a fifth of this page's script, so they load
 * once the guest starts on the form (focus) instead of with the page, and a submit waits for them. Should they not
 * arrive, the server's answer puts the same messages on the fields.
 */
let checkoutRules: ((request: TCheckoutRequest) => Record<string, string>) | undefined;
const loadCheckoutRules = () =>
  import('@tavolo/contracts/orders').then(
    ({ ZCheckoutRequest }) => void (checkoutRules ??= zodValidate(ZCheckoutRequest)),
    () => undefined,
  );

interface Values {
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  type: TOrderType;
  delivery_address: string;
  delivery_postal_code: string;
  /** The guest's location ("Use my location"), for radius zones. */
  delivery_location: TGeoPoint | null;
  /** YYYY-MM-DD ('' with ASAP, or today when the server sends no days) and HH:MM or ASAP. */
  requested_date: string;
  requested_time: string;
  note: string;
  marketing_consent: boolean;
  /** The applied coupon ('' none): only a code the server accepted is kept. */
  coupon_code: string;
  tip: TTip | null;
}

/**
 * What the guest typed, kept for this tab (sessionStorage, per restaurant): a phone that reloads a tab in the background,
 * or a Back and Forward, no longer empties the form. Not the time: a slot chosen earlier may have passed or filled.
 * Dropped once the order is placed.
 */
const DRAFTED = ['customer_name', 'customer_phone', 'customer_email', 'type', 'delivery_address', 'delivery_postal_code', 'note', 'marketing_consent', 'coupon_code', 'tip'] as const;
const draftKey = () => `checkout:${cartKey()}`;
function readDraft(): Partial<Values> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(draftKey()) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(DRAFTED.filter((field) => field in stored).map((field) => [field, stored[field]])) as Partial<Values>;
  } catch {
    return {};
  }
}

/** The server's breakdown; the delivery fee shows once a zone (or the flat fee) applies, not as 0 before the postal code. */
function Totals({ quote }: { quote: TOrderQuote }) {
  const { t } = useTranslation('cart');
  return (
    <Stack gap={6} style={{ paddingTop: 'var(--mantine-spacing-sm)', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <OrderTotals totals={quote} />
      {quote.delivery_min_missing_cents > 0 && (
        <Text size="sm" c="orange.8">
          {t('delivery_min_missing', { amount: money(quote.delivery_min_missing_cents, quote.currency_symbol) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The delivery choice with what it costs: the flat fee, or with delivery zones (whose fees replace it) their one fee
 * or the lowest ("from"), since the zone is only known once the address is.
 */
function deliveryLabel(opts: TOrderingOptions, symbol: string, t: TFunction): string {
  const fees = opts.delivery_zones.length ? opts.delivery_zones.map((z) => z.fee_cents) : [opts.delivery_fee_cents];
  const lowest = Math.min(...fees);
  if (fees.every((fee) => fee === lowest)) return lowest ? t('delivery_with_fee', { fee: money(lowest, symbol) }) : t('delivery');
  return lowest ? t('delivery_from_fee', { fee: money(lowest, symbol) }) : t('delivery');
}

/** Checkout: the cart priced by the server, the guest's details, pickup or delivery, a time, and the order. */
export function CheckoutForm() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const { lines } = useCart();
  const options = useOrderingOptions();
  const place = usePlaceOrder();

  const form = useForm<Values>({
    initialValues: { customer_name: '', customer_phone: '', customer_email: '', type: 'pickup', delivery_address: '', delivery_postal_code: '', delivery_location: null, requested_date: '', requested_time: ASAP, note: '', marketing_consent: false, coupon_code: '', tip: null },
    validate: (values) => checkoutRules?.(toRequest(values)) ?? {},
  });
  // The draft comes back after the first render, which must equal the server's (an empty form).
  useEffect(() => {
    const draft = readDraft();
    if (Object.keys(draft).length) form.setValues(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  const drafted = JSON.stringify(Object.fromEntries(DRAFTED.map((field) => [field, form.values[field]])));
  useEffect(() => {
    try {
      sessionStorage.setItem(draftKey(), drafted);
    } catch {
      // Storage full or refused (private mode): the form still works, only a reload forgets it.
    }
  }, [drafted]);
  // The last figures the server gave, for the tip buttons while a change is refused (e.g. a postal code outside the zones).
  const [lastQuote, setLastQuote] = useState<TOrderQuote | undefined>(undefined);
  // What a tip is taken of and limited by: the food after discounts and coupon (the server's rule).
  const tipBaseCents = lastQuote ? lastQuote.subtotal_cents - lastQuote.discount_cents - lastQuote.coupon_discount_cents : 0;
  // Everything besides the cart that changes the price; the e-mail only once it looks like one (per-guest coupon limits).
  const pricing: QuotePricing = {
    coupon_code: form.values.coupon_code || undefined,
    tip: quotableTip(form.values.tip, tipBaseCents),
    ...(form.values.type === 'delivery' ? { delivery_postal_code: form.values.delivery_postal_code.trim() || undefined, delivery_location: form.values.delivery_location } : {}),
    customer_email: LOOKS_LIKE_EMAIL.test(form.values.customer_email.trim()) ? form.values.customer_email.trim() : undefined,
  };
  const quote = useQuote(lines, form.values.type, pricing);
  if (quote.data && quote.data !== lastQuote) setLastQuote(quote.data);
  const tryQuote = useTryQuote(lines, form.values.type);
  const quoteErrors = fieldErrors(quote.error);
  // An address outside every zone refuses the price: the order's figures without a delivery fee stay in view meanwhile.
  const addressRefused = quote.isError && ('delivery_postal_code' in quoteErrors || 'delivery_location' in quoteErrors);
  const withoutAddress = useQuote(lines, form.values.type, { ...pricing, delivery_postal_code: undefined, delivery_location: undefined }, addressRefused);
  const shownQuote = quote.data ?? (addressRefused ? withoutAddress.data : undefined);
  // The button stays usable then: a click names every other field still to fix too (the server refuses the address).

  // A coupon the server stops accepting (the cart shrank below its minimum, the e-mail used it up) is dropped, with its
  // reason, and kept aside: each change to the cart tries it again, so it comes back once the cart qualifies again.
  const droppedCoupon = useRef('');
  /** Applies a coupon when the server prices the cart with it; otherwise answers its reason and keeps none. */
  const applyCoupon = async (code: string): Promise<string | null> => {
    form.clearFieldError('coupon_code');
    droppedCoupon.current = '';
    return checkCoupon(code);
  };
  /** The server's reason to refuse `code` for this cart, or null once applied (unless no longer `wanted` by then). */
  const checkCoupon = async (code: string, wanted = () => true): Promise<string | null> => {
    try {
      const priced = await tryQuote({ ...pricing, coupon_code: code });
      if (!priced.coupon_code) return t('money.coupon_not_applied');
      if (wanted()) form.setFieldValue('coupon_code', priced.coupon_code);
      return null;
    } catch (error) {
      const errors = fieldErrors(error);
      // Refused for another reason (e.g. the postal code): the coupon itself could not be checked yet.
      return errors.coupon_code ?? (Object.keys(errors).length ? t('money.coupon_fix_order_first') : errorMessage(error));
    }
  };
  const quoteCouponError = quoteErrors.coupon_code;
  useEffect(() => {
    if (!quoteCouponError || !form.values.coupon_code) return;
    droppedCoupon.current = form.values.coupon_code;
    form.setFieldValue('coupon_code', '');
    form.setFieldError('coupon_code', quoteCouponError);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the quote refuses the coupon
  }, [quoteCouponError]);
  useEffect(() => {
    const code = droppedCoupon.current;
    if (!code) return;
    let current = true;
    void checkCoupon(code, () => current).then((refusal) => {
      // A later change to the cart (or the guest's own typing) has the last word.
      if (!current) return;
      if (refusal) form.setFieldError('coupon_code', refusal);
      else {
        droppedCoupon.current = '';
        form.clearFieldError('coupon_code');
      }
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the cart changes
  }, [lines]);

  // A refused order's reason at the postal code (e.g. below the zone's minimum) is stale once the cart changes: the
  // live quote shows there what still holds, so a guest who added the missing dishes no longer reads "add … more".
  useEffect(() => {
    form.clearFieldError('delivery_postal_code');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the cart changes
  }, [lines]);

  // Offer only the order types the restaurant has switched on.
  const opts = options.data;
  useEffect(() => {
    if (!opts) return;
    if (form.values.type === 'pickup' && !opts.pickup_enabled && opts.delivery_enabled) form.setFieldValue('type', 'delivery');
    if (form.values.type === 'delivery' && !opts.delivery_enabled && opts.pickup_enabled) form.setFieldValue('type', 'pickup');
    if (form.values.requested_time === ASAP && !asapPossible(opts)) {
      const first = firstFree(opts);
      if (first) form.setValues({ requested_date: first.date, requested_time: first.time });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the options arrive or change
  }, [opts]);

  function toRequest(values: Values): TCheckoutRequest {
    return {
      items: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, options: (l.options ?? []).map((o) => o.id) })),
      customer_name: values.customer_name,
      customer_phone: values.customer_phone,
      customer_email: values.customer_email,
      type: values.type,
      delivery_address: values.type === 'delivery' ? values.delivery_address : undefined,
      delivery_postal_code: values.type === 'delivery' ? values.delivery_postal_code.trim() || undefined : undefined,
      delivery_location: values.type === 'delivery' ? values.delivery_location : undefined,
      requested_time: values.requested_time === ASAP ? null : values.requested_time || null,
      requested_date: values.requested_time === ASAP ? undefined : values.requested_date || undefined,
      note: values.note,
      payment_method: 'cash',
      marketing_consent: values.marketing_consent,
      coupon_code: values.coupon_code || undefined,
      tip: values.tip,
      // The total on the screen: the server refuses the order if its own differs (a price changed meanwhile).
      expected_total_cents: quote.data && !quote.isPlaceholderData && !quote.isFetching ? quote.data.total_cents : undefined,
    };
  }

  const placeOrder = form.onSubmit((values) => {
    // A typed tip past its limit (the field names it) stops the order here, not at the server.
    if (values.tip && !quotableTip(values.tip, tipBaseCents)) return form.setFieldError('tip.cents', t('shared:validation.invalid'));
    place.mutate(toRequest(values), {
      onSuccess: ({ data }) => {
        cart.clear();
        sessionStorage.removeItem(draftKey());
        // Replacing the checkout: Back from the tracking page goes to the menu, not to an emptied checkout.
        navigate(`/order/${data.tracking_token}`, { replace: true, state: { placed: true } });
      },
      onError: (error) => {
        const refused = fieldErrors(error);
        if (refused.coupon_code) form.setFieldValue('coupon_code', '');
        if (refused.expected_total_cents) void quote.refetch();
        serverErrors(form, error);
      },
    });
  });

  if (!lines.length) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm">
          <IconShoppingCart size={40} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text>{t('empty')}</Text>
          <Button component={Link} to="/">
            {t('browse')}
          </Button>
        </Stack>
      </Card>
    );
  }

  const symbol = quote.data?.currency_symbol ?? opts?.currency_symbol ?? '$';
  // Each line at the server's price, as the totals below: the cart keeps the price of when the dish was added.
  const unitPrices = quotedUnits(shownQuote);
  const minimumMissing = quote.data?.delivery_min_missing_cents ?? 0;
  // Why the cart cannot be priced, in the server's words (a refused coupon shows under its own field instead).
  // Dishes the menu no longer has (switched off or deleted since they were added), by their place in the cart: named,
  // with one button to take them out, instead of "a dish" the guest had to find by trial and error.
  const gone = quote.isError ? lines.filter((_, index) => `items.${index}.product_id` in quoteErrors) : [];
  const quoteProblems =
    !quote.isError || gone.length ? [] : Object.keys(quoteErrors).length ? Object.entries(quoteErrors).filter(([field]) => !SHOWN_AT_FIELD.includes(field)).map(([, m]) => m) : [errorMessage(quote.error)];
  const placeError = place.error && !Object.keys((place.error as { errors?: object }).errors ?? {}).some((f) => f in form.values) ? errorMessage(place.error) : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void loadCheckoutRules().then(() => placeOrder());
      }}
      onFocus={() => void loadCheckoutRules()}
      noValidate
    >
      <CheckoutColumns
        details={
          <Stack gap="md">
            <OrderingPausedNotice pausedUntil={opts?.paused_until} timeZone={opts?.time_zone} later={opts?.accepting} />
            {opts && !opts.accepting && !opts.paused_until && (
              <Alert color="orange" icon={<IconAlertCircle />} title={t('not_accepting_title')}>
                {opts.reason ?? t('not_accepting')}
              </Alert>
            )}
            <Title order={2} fz="h4">
              {t('your_details')}
            </Title>
            <TextField label={t('name')} autoComplete="name" required {...form.getInputProps('customer_name')} />
            {/* One column on phones: a wrapped grow Group kept each field at half the width. */}
            <SimpleGrid className="tavolo-contact-fields">
              <TextField label={t('phone')} type="tel" autoComplete="tel" required {...form.getInputProps('customer_phone')} />
              <TextField label={t('email')} type="email" autoComplete="email" required {...form.getInputProps('customer_email')} />
            </SimpleGrid>

            <Title order={2} fz="h4" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
              {t('how')}
            </Title>
            {/* Placeholders of their size while the restaurant's options load, so nothing below them jumps. */}
            {options.isPending ? (
              <Skeleton height={36} radius="sm" aria-hidden />
            ) : opts && opts.pickup_enabled && opts.delivery_enabled ? (
              <SegmentedControl
                fullWidth
                data={[
                  { value: 'pickup', label: t('pickup') },
                  { value: 'delivery', label: deliveryLabel(opts, symbol, t) },
                ]}
                aria-label={t('how')}
                value={form.values.type}
                onChange={(type) => form.setFieldValue('type', type as typeof form.values.type)}
              />
            ) : (
              <Text size="sm">{form.values.type === 'delivery' ? t('delivery_only') : t('pickup_only')}</Text>
            )}
            {form.errors.type && (
              <Text size="sm" c="red" role="alert">
                {form.errors.type}
              </Text>
            )}
            {form.values.type === 'delivery' && opts && (
              <DeliveryFields
                options={opts}
                address={{ value: form.values.delivery_address, onChange: (v) => form.setFieldValue('delivery_address', v), error: form.errors.delivery_address as string | undefined }}
                postalCode={{ value: form.values.delivery_postal_code, onChange: (v) => form.setFieldValue('delivery_postal_code', v), error: (form.errors.delivery_postal_code ?? quoteErrors.delivery_postal_code) as string | undefined }}
                location={form.values.delivery_location}
                onLocation={(point) => form.setFieldValue('delivery_location', point)}
                zoneName={quote.data?.delivery_zone_name ?? null}
                symbol={symbol}
              />
            )}
            {options.isPending && <Skeleton height={81} radius="sm" aria-hidden />}
            {opts && (
              <OrderTimePicker
                options={opts}
                label={form.values.type === 'delivery' ? t('when_delivery') : t('when_pickup')}
                value={{ date: form.values.requested_date, time: form.values.requested_time }}
                onChange={(v) => form.setValues({ requested_date: v.date, requested_time: v.time })}
                error={(form.errors.requested_time ?? form.errors.requested_date) as string | undefined}
              />
            )}
            <GrowingTextarea label={t('note')} placeholder={t('note_placeholder')} minRows={2} maxLength={500} leftText={(count) => t('note_left', { count })} {...form.getInputProps('note')} />
            {/* Opt-in only: unticked until the guest ticks it (GDPR). */}
            <Checkbox label={t('marketing_consent')} {...form.getInputProps('marketing_consent', { type: 'checkbox' })} />
            <Card withBorder radius="md" padding="sm" style={{ background: 'var(--mantine-color-gray-0)' }}>
              <Text size="sm" fw={600}>
                {t('payment')}
              </Text>
              <Text size="sm" c="dimmed">
                {form.values.type === 'delivery' ? t('pay_on_delivery') : t('pay_at_pickup')}
              </Text>
            </Card>
            {placeError && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {placeError}
              </Alert>
            )}
            {/* Below the delivery minimum the button says what is missing instead of taking an order the server refuses. */}
            <Button type="submit" size="lg" loading={place.isPending} disabled={(!addressRefused && (!quote.data || quote.isError)) || (opts && !opts.accepting) || minimumMissing > 0}>
              {minimumMissing > 0
                ? t('place_order_minimum', { amount: money(minimumMissing, symbol) })
                : quote.data
                  ? t('place_order_total', { total: money(quote.data.total_cents, symbol) })
                  : t('place_order')}
            </Button>
          </Stack>
        }
        summary={
          <Card withBorder radius="md" padding="md">
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={2} fz="h4">
                  {t('your_order')}
                </Title>
                <Anchor component={Link} to="/" size="sm">
                  {t('add_more')}
                </Anchor>
              </Group>
              {lines.map((line) => (
                <CartLineRow key={lineKey(line)} line={line} symbol={symbol} unitCents={unitPrices.get(lineKey(line))} />
              ))}
              {gone.length > 0 && (
                <Alert color="red" icon={<IconAlertCircle />} role="alert">
                  <Text size="sm">{t('unavailable_lines', { names: gone.map((line) => line.product.name).join(', '), count: gone.length })}</Text>
                  <Button size="xs" variant="light" color="red" style={{ marginTop: 'var(--mantine-spacing-xs)' }} onClick={() => gone.forEach((line) => cart.remove(lineKey(line)))}>
                    {t('remove_unavailable', { count: gone.length })}
                  </Button>
                </Alert>
              )}
              {quoteProblems.length > 0 && (
                <Alert color="red" icon={<IconAlertCircle />} role="alert">
                  {quoteProblems.map((m) => (
                    <Text key={m} size="sm">
                      {m}
                    </Text>
                  ))}
                  {/* No answer (the connection, a restart): asking again needs no change to the order. */}
                  {mayPassOnRetry(quote.error) && (
                    <Button size="xs" variant="light" color="red" style={{ marginTop: 'var(--mantine-spacing-xs)' }} loading={quote.isFetching} onClick={() => void quote.refetch()}>
                      {t('retry')}
                    </Button>
                  )}
                </Alert>
              )}
              <CouponField
                value={form.values.coupon_code}
                discountCents={quote.data?.coupon_discount_cents ?? 0}
                symbol={symbol}
                onApply={applyCoupon}
                onRemove={() => form.setFieldValue('coupon_code', '')}
                onEdit={() => {
                  form.clearFieldError('coupon_code');
                  droppedCoupon.current = '';
                }}
                error={form.errors.coupon_code as string | undefined}
              />
              {/* Placeholders as tall as what they stand for (the tip buttons wrap to two rows on phones), so the form below does not jump. */}
              {options.isPending && <Skeleton className="tavolo-tip-placeholder" radius="sm" aria-hidden />}
              {opts?.tips.enabled && opts.tips.presets.length > 0 && (
                <TipPicker
                  value={form.values.tip}
                  onChange={(tip) => form.setFieldValue('tip', tip)}
                  presets={opts.tips.presets}
                  baseCents={tipBaseCents}
                  symbol={symbol}
                  error={(form.errors['tip.cents'] ?? form.errors['tip.percent'] ?? form.errors.tip) as string | undefined}
                />
              )}
              {shownQuote ? <Totals quote={shownQuote} /> : (quote.isLoading || quote.isPending || withoutAddress.isLoading) && <Skeleton height={124} radius="sm" aria-hidden />}
            </Stack>
          </Card>
        }
      />
    </form>
  );
}
