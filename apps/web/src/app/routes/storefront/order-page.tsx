import { Container } from '@mantine/core';
import { useTranslation } from '../../i18n.ts';
import { useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { OrderTracking } from '../../../features/cart/components/order-tracking.tsx';

/** /order/:token: the confirmation right after ordering (state.placed) and the tracking page behind the guest's link. */
export default function OrderPage() {
  const { t } = useTranslation('cart');
  const { token = '' } = useParams();
  const placed = Boolean((useLocation().state as { placed?: boolean } | null)?.placed);
  usePageTitle(t('tracking_title'));
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <OrderTracking token={token} placed={placed} />
    </Container>
  );
}
