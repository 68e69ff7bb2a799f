import { Card, Container, Skeleton, Stack, Title } from '../../../components/lite/index.ts';
import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { ClientOnly } from '../../../components/ui/client-only.tsx';
import { CheckoutForm } from '../../../features/cart/components/checkout-form.tsx';
import { CheckoutColumns } from '../../../features/cart/components/checkout-columns.tsx';
import { queryClient } from '../../providers.tsx';
import { cart } from '../../../features/cart/hooks/use-cart.ts';
import { prefetchCheckout } from '../../../features/cart/hooks/use-quote.ts';

// In the browser, as this page's code arrives: its data is on its way while the page is taken over.
if (typeof document !== 'undefined') prefetchCheckout(queryClient, cart.lines());

/**
 * The checkout as the server renders it (the cart is in the browser's storage): the form's rows as placeholders,
 * taller than a phone's or a laptop's screen, so the form replacing them after hydration moves nothing in view.
 * The summary comes first in the document, as on a phone's screen: the browser paints the page while it streams in.
 */
function CheckoutPlaceholder() {
  return (
    <div aria-hidden>
      <CheckoutColumns
        summaryFirst
        summary={
          <Card withBorder radius="md" padding="md">
            <Stack gap="md">
              <Skeleton height={28} width="50%" />
              <Skeleton height={56} />
              <Skeleton height={36} />
              <Skeleton height={124} />
            </Stack>
          </Card>
        }
        details={
          <Stack gap="md">
            <Skeleton height={28} width="40%" />
            <Skeleton height={60} />
            <Skeleton height={136} />
            <Skeleton height={28} width="40%" />
            <Skeleton height={36} />
            <Skeleton height={60} />
            <Skeleton height={60} />
            <Skeleton height={24} width="60%" />
            <Skeleton height={70} />
            <Skeleton height={50} />
          </Stack>
        }
      />
    </div>
  );
}

export default function CheckoutPage() {
  const { t } = useTranslation('cart');
  usePageTitle(t('checkout_title'));
  return (
    <Container size="lg" className="tavolo-page">
      <Stack gap="lg">
        <Title order={1} className="tavolo-checkout-title">
          {t('checkout_title')}
        </Title>
        <ClientOnly fallback={<CheckoutPlaceholder />}>
          <CheckoutForm />
        </ClientOnly>
      </Stack>
    </Container>
  );
}
