import { Alert, Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { PageLoadError, PageLoading } from '../../../components/ui/query-states.tsx';
import { useReservationSetup } from '../api/setup-api.ts';
import { BookingRulesForm } from './booking-rules-form.tsx';
import { DiningAreasSection } from './dining-areas-section.tsx';

/** /dashboard/reservations/setup: dining areas and tables, then the booking rules. */
export function ReservationSetupView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('reservation-setup');
  const setup = useReservationSetup();

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/dashboard/reservations" size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}>
        <IconArrowLeft size={16} aria-hidden />
        {t('back')}
      </Anchor>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!canManage && (
        <Alert color="blue" variant="light">
          {t('view_only')}
        </Alert>
      )}
      {setup.isPending ? (
        <PageLoading label={t('loading')} />
      ) : setup.isError ? (
        <PageLoadError maw={700} title={t('load_failed')} error={setup.error} retryLabel={t('retry')} onRetry={() => void setup.refetch()} />
      ) : (
        <>
          <DiningAreasSection areas={setup.data.areas} canManage={canManage} />
          <BookingRulesForm settings={setup.data.settings} openingHours={setup.data.opening_hours} canManage={canManage} />
        </>
      )}
    </Stack>
  );
}
