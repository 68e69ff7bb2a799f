import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/lite/index.ts';
import { notifications } from '@mantine/notifications';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPublicProduct } from '@tavolo/contracts/storefront';
import { useOpenedOnce } from '../../../components/ui/use-opened-once.ts';
import { MAX_LINE_QUANTITY } from '@tavolo/contracts/cart';
import { cart, type CartOption } from '../hooks/use-cart.ts';

// The options dialog loads on the first click of a dish that has options, not with the menu (issue #11 budget).
const OptionChoiceModal = lazy(() => import('../../../components/ui/option-choice-modal.tsx').then((m) => ({ default: m.OptionChoiceModal })));

/** SPEC §9: the add-to-cart toast shows for 1.2 s. Disabled when the dish is unavailable. A dish with options asks for them first. */
export function AddToCartButton({ product, fullWidth, symbol = '$' }: { product: TPublicProduct; fullWidth?: boolean; symbol?: string }) {
  const { t } = useTranslation('storefront');
  const [choosing, setChoosing] = useState(false);
  const dialogMounted = useOpenedOnce(choosing);
  const add = (options: CartOption[] = []) => {
    const added = cart.add(product, options);
    setChoosing(false);
    if (added) notifications.show({ message: t('cart.added', { name: product.name }), color: 'green', autoClose: 1200 });
    else notifications.show({ message: t('cart.at_most', { name: product.name, count: MAX_LINE_QUANTITY }), color: 'yellow', autoClose: 4000 });
  };
  const hasOptions = (product.option_groups?.length ?? 0) > 0;
  return (
    <>
      <Button
        size="compact-md"
        leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
        disabled={!product.available}
        fullWidth={fullWidth}
        aria-label={t('cart.add_label', { name: product.name })}
        aria-haspopup={hasOptions ? 'dialog' : undefined}
        onClick={() => (hasOptions ? setChoosing(true) : add())}
      >
        {t('cart.add')}
      </Button>
      {hasOptions && dialogMounted && (
        <Suspense fallback={null}>
          <OptionChoiceModal product={choosing ? product : null} symbol={symbol} onClose={() => setChoosing(false)} onConfirm={add} />
        </Suspense>
      )}
    </>
  );
}
