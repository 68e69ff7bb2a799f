import { Container } from '@mantine/core';
import { useTranslation } from '../../i18n.ts';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { ReservationForm } from '../../../features/requests/components/reservation-form.tsx';
import { useTenantSettings } from '../../../features/storefront/hooks/use-storefront-data.ts';

/** /reservation: the reservation form on its own page (the same form as on the landing page). */
export default function ReservationPage() {
  const { t } = useTranslation('requests');
  const settings = useTenantSettings().data;
  usePageTitle(t('reservation.page_title'));
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <ReservationForm headingLevel={1} phone={settings?.phone} />
    </Container>
  );
}
