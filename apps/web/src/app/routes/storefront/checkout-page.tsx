import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { CheckoutForm } from '../../../features/cart/components/checkout-form.tsx';
import { site } from '../../site.ts';

export default function CheckoutPage() {
  const { t } = useTranslation('cart');
  usePageTitle(t('checkout_title'), site.kind === 'tenant' ? site.tenant.name : undefined);
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('checkout_title')}
        </Title>
        <CheckoutForm />
      </Stack>
    </Container>
  );
}
