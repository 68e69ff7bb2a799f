import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, rem, Text } from '../../../components/lite/index.ts';
import { TextField } from '../../../components/lite/form-inputs.tsx';
import { IconTicket, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { money } from '../../../lib/format.ts';

interface Props {
  /** The coupon applied to the order ('' when none). */
  value: string;
  /** What it takes off, from the server's quote. */
  discountCents: number;
  symbol: string;
  /** Prices the cart with this code; resolves to the server's message when it refuses it, or null once applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  /** The guest changes the code: an earlier refusal no longer applies. */
  onEdit?: () => void;
  /** A refusal found later (the cart changed, or the checkout refused it). */
  error?: string;
}

/**
 * "Have a coupon?": the guest types a code and applies it; the server decides. A refused code stays in the field
 * with the server's reason under it and is not sent with the order; an applied one shows what it takes off.
 */
export function CouponField({ value, discountCents, symbol, onApply, onRemove, onEdit, error }: Props) {
  const { t } = useTranslation('cart');
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const typed = code.trim();
    if (!typed) {
      setRefusal(t('money.coupon_empty'));
      return;
    }
    setChecking(true);
    try {
      const message = await onApply(typed);
      setRefusal(message);
      if (!message) setCode('');
    } finally {
      setChecking(false);
    }
  };

  if (value) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="coupon-applied">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconTicket size={18} aria-hidden color="var(--mantine-color-green-7)" />
          <Badge variant="light" color="green" size="lg" style={{ textTransform: 'none' }}>
            {value}
          </Badge>
          <Text size="sm" fw={600} c="var(--mantine-color-green-text)" style={{ whiteSpace: 'nowrap' }}>
            −{money(discountCents, symbol)}
          </Text>
        </Group>
        <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={t('money.coupon_remove', { code: value })}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
    );
  }

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextField
        label={t('money.coupon')}
        placeholder={t('money.coupon_placeholder')}
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setRefusal(null);
          onEdit?.();
        }}
        onKeyDown={(event) => {
          // Enter applies the code instead of placing the order.
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        maxLength={40}
        autoCapitalize="characters"
        autoComplete="off"
        error={refusal ?? error}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button variant="default" style={{ marginTop: rem(25) }} onClick={() => void apply()} loading={checking}>
        {t('money.coupon_apply')}
      </Button>
    </Group>
  );
}
