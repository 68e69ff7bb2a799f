import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPublicProduct } from '@tavolo/contracts/storefront';
import { cart } from '../hooks/use-cart.ts';

/** SPEC §9: the add-to-cart toast shows for 1.2 s. Disabled when the dish is unavailable. */
export function AddToCartButton({ product, fullWidth }: { product: TPublicProduct; fullWidth?: boolean }) {
  const { t } = useTranslation('cart');
  return (
    <Button
      size="compact-md"
      leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
      disabled={!product.available}
      fullWidth={fullWidth}
      aria-label={t('add_label', { name: product.name })}
      onClick={() => {
        cart.add(product);
        notifications.show({ message: t('added', { name: product.name }), color: 'green', autoClose: 1200 });
      }}
    >
      {t('add')}
    </Button>
  );
}
