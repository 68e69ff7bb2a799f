import { useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../app/i18n.ts';
import { unitPriceCents } from '@tavolo/contracts/cart';
import type { TPublicOptionGroup } from '@tavolo/contracts/storefront';
import { money } from '../../lib/format.ts';
import { useOpenedAfterMount } from './use-opened-once.ts';

/** A choice made for a dish (e.g. Size: Large), as carts and phone orders keep it. */
export interface CartOption {
  id: string;
  group: string;
  name: string;
  price_delta_cents: number;
}

export interface OptionChoiceProduct {
  name: string;
  price_cents: number;
  discount: number;
  option_groups: TPublicOptionGroup[];
}

/** "+$3.00" / "−$1.00"; nothing for a free choice. */
export function priceDelta(cents: number, symbol: string): string {
  if (cents === 0) return '';
  return `${cents > 0 ? '+' : '−'}${money(Math.abs(cents), symbol)}`;
}

function GroupRule({ group }: { group: TPublicOptionGroup }) {
  const { t } = useTranslation('storefront');
  const text =
    group.min_select === 0
      ? t('options.optional_up_to', { count: group.max_select })
      : group.min_select === group.max_select
        ? t('options.choose_exactly', { count: group.min_select })
        : t('options.choose_between', { min: group.min_select, max: group.max_select });
  return (
    <Group gap={6}>
      {group.min_select > 0 && (
        <Badge size="sm" color="red" variant="light">
          {t('options.required')}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/**
 * The choices a dish offers (size, extras) before it goes into a cart: radios for a pick-one group, checkboxes with
 * a limit otherwise; the price follows the choices and "Add" waits for every required group. Used by the storefront
 * and by the phone order drawer.
 */
export function OptionChoiceModal({
  product,
  symbol,
  onClose,
  onConfirm,
}: {
  /** Null: closed. */
  product: OptionChoiceProduct | null;
  symbol: string;
  onClose: () => void;
  onConfirm: (chosen: CartOption[]) => void;
}) {
  const { t } = useTranslation('storefront');
  // The choices belong to one opening for one dish: another dish, and the same dish opened again after an add or a
  // cancel, start empty (extras kept from the last time were paid for without being seen).
  const [state, setState] = useState<{ for: OptionChoiceProduct | null; picked: Record<string, string[]> }>({ for: null, picked: {} });
  const picked = state.for === product ? state.picked : {};
  const setPicked = (update: (p: Record<string, string[]>) => Record<string, string[]>) => setState({ for: product, picked: update(picked) });
  const reset = () => setState({ for: null, picked: {} });
  const close = () => {
    reset();
    onClose();
  };
  const confirm = () => {
    reset();
    onConfirm(chosen);
  };

  const groups = useMemo(() => product?.option_groups ?? [], [product]);
  const chosen: CartOption[] = groups.flatMap((g) =>
    g.options.filter((o) => picked[g.id]?.includes(o.id)).map((o) => ({ id: o.id, group: g.name, name: o.name, price_delta_cents: o.price_delta_cents })),
  );
  const missing = groups.filter((g) => (picked[g.id]?.length ?? 0) < g.min_select);
  const unit = product ? unitPriceCents(product, chosen.map((o) => o.price_delta_cents)) : 0;
  // Loaded on the first click (add-to-cart-button.tsx): opened after mounting so the focus returns to that button.
  const opened = useOpenedAfterMount(product !== null);

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{product ? t('options.title', { name: product.name }) : ''}</Text>} zIndex={400} centered>
      <Stack gap="lg">
        {groups.map((g) => {
          const values = picked[g.id] ?? [];
          const label = (o: TPublicOptionGroup['options'][number]) => (
            <Group gap={6} wrap="nowrap" component="span">
              <span>{o.name}</span>
              {o.price_delta_cents !== 0 && (
                <Text span size="sm" c="dimmed">
                  {priceDelta(o.price_delta_cents, symbol)}
                </Text>
              )}
            </Group>
          );
          return g.max_select === 1 ? (
            <Radio.Group
              key={g.id}
              label={g.name}
              description={<GroupRule group={g} />}
              required={g.min_select > 0}
              value={values[0] ?? null}
              onChange={(v) => setPicked((p) => ({ ...p, [g.id]: [v] }))}
            >
              <Stack gap="xs" mt="xs">
                {g.options.map((o) => (
                  <Radio key={o.id} value={o.id} label={label(o)} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Checkbox.Group
              key={g.id}
              label={g.name}
              description={<GroupRule group={g} />}
              required={g.min_select > 0}
              value={values}
              onChange={(v) => setPicked((p) => ({ ...p, [g.id]: v.slice(0, g.max_select) }))}
            >
              <Stack gap="xs" mt="xs">
                {g.options.map((o) => (
                  <Checkbox key={o.id} value={o.id} label={label(o)} disabled={!values.includes(o.id) && values.length >= g.max_select} />
                ))}
              </Stack>
            </Checkbox.Group>
          );
        })}
        {missing.length > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('options.still_required', { groups: missing.map((g) => g.name).join(', ') })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('options.cancel')}
          </Button>
          <Button disabled={missing.length > 0} onClick={confirm} data-testid="options-confirm">
            {t('options.add', { price: money(unit, symbol) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
