import { useState } from 'react';
import { Button, Group, rem, Stack, Text } from '../../../components/lite/index.ts';
import { TextField } from '../../../components/lite/form-inputs.tsx';
import { IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TGeoPoint } from '@tavolo/contracts/ordering';
import type { TOrderingOptions } from '@tavolo/contracts/orders';
import { money } from '../../../lib/format.ts';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';

interface Props {
  options: TOrderingOptions;
  address: { value: string; onChange: (v: string) => void; error?: string };
  postalCode: { value: string; onChange: (v: string) => void; error?: string };
  location: TGeoPoint | null;
  onLocation: (point: TGeoPoint | null) => void;
  /** The zone the server's quote priced the delivery with (null: none matched yet, or no zones). */
  zoneName: string | null;
  symbol: string;
}

/**
 * Where a delivery goes: street and postal code (the zone is found by it), and "Use my location" when the
 * restaurant delivers by distance. The server decides the zone; this shows the one the quote found.
 */
export function DeliveryFields({ options, address, postalCode, location, onLocation, zoneName, symbol }: Props) {
  const { t } = useTranslation('ordering');
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  const zones = options.delivery_zones ?? [];
  const radius = zones.some((z) => z.kind === 'radius');
  const zone = zoneName ? zones.find((z) => z.name === zoneName) : undefined;

  const locate = () => {
    if (!('geolocation' in navigator)) return setFailed(true);
    setLocating(true);
    setFailed(false);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onLocation({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        setFailed(true);
      },
      { timeout: 15_000 },
    );
  };

  return (
    <Stack gap="sm">
      <GrowingTextarea label={t('delivery.address')} autoComplete="street-address" required minRows={2} maxRows={5} value={address.value} onChange={(e) => address.onChange(e.currentTarget.value)} error={address.error} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextField
          label={t('delivery.postal_code')}
          autoComplete="postal-code"
          required
          maxLength={12}
          style={{ width: rem(160) }}
          value={postalCode.value}
          onChange={(e) => postalCode.onChange(e.currentTarget.value)}
          error={postalCode.error}
        />
        {radius && (
          <Button variant="light" leftSection={<IconCurrentLocation size={16} />} loading={locating} onClick={locate}>
            {t('delivery.use_location')}
          </Button>
        )}
      </Group>
      {location && (
        <Text size="sm" c="dimmed">
          <IconMapPin size={14} style={{ verticalAlign: -2 }} aria-hidden /> {t('delivery.location_set')}
        </Text>
      )}
      {failed && (
        <Text size="sm" c="orange.8">
          {t('delivery.location_failed')}
        </Text>
      )}
      {zones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('delivery.flat', { fee: money(options.delivery_fee_cents, symbol), min: money(options.delivery_min_order_cents, symbol) })}
        </Text>
      ) : zone ? (
        <Text size="sm" c="var(--mantine-color-teal-text)">
          {t('delivery.zone', { zone: zone.name, fee: money(zone.fee_cents, symbol), min: money(zone.min_order_cents, symbol) })}
        </Text>
      ) : null}
    </Stack>
  );
}
