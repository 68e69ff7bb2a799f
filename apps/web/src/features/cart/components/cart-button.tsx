import { lazy, Suspense } from 'react';
import { ActionIcon, Indicator } from '../../../components/lite/index.ts';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import { loadNamespaces, useTranslation } from '../../../app/i18n.ts';
import { useOpenedOnce } from '../../../components/ui/use-opened-once.ts';
import { useCart } from '../hooks/use-cart.ts';

// The drawer's texts (namespace 'cart') load with its code, on the first opening.
const CartDrawer = lazy(() => Promise.all([import('./cart-drawer.tsx'), loadNamespaces(['cart'])]).then(([module]) => module));

/** The header's cart icon with its count, and the cart drawer it opens. */
export function CartButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation('storefront');
  const [opened, { open, close }] = useDisclosure(false);
  const { count } = useCart();
  const mounted = useOpenedOnce(opened);

  return (
    <>
      <Indicator label={count} size={18} disabled={!count} offset={4} color="red">
        <ActionIcon variant="subtle" color="dark" size="lg" onClick={open} aria-label={t('cart.open', { count })}>
          <IconShoppingCart size={22} />
        </ActionIcon>
      </Indicator>
      {mounted && (
        <Suspense fallback={null}>
          <CartDrawer opened={opened} close={close} symbol={symbol} />
        </Suspense>
      )}
    </>
  );
}
