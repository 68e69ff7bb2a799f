import { useCallback, useState } from 'react';
import { Box, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconCalendarPlus, IconLayoutList, IconTable, IconTimeline } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import type { TInboxItem } from '@tavolo/contracts/inbox';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { PageLoading } from '../../../components/ui/query-states.tsx';
import { useCan } from '../../../features/auth/hooks/use-permission.ts';
import { InboxDrawer } from '../../../features/inbox/components/inbox-drawer.tsx';
import { InboxView } from '../../../features/inbox/components/inbox-view.tsx';
import { useReservationDay, useRestaurantClock } from '../../../features/reservations/api/staff-api.ts';
import { DayView } from '../../../features/reservations/day/day-view.tsx';
import { NewBookingModal } from '../../../features/reservations/day/new-booking-modal.tsx';
import { PlacementForm } from '../../../features/reservations/day/placement-form.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A link with any of these is a search of the list (older links, the inbox journey): it opens the list. */
const LIST_PARAMS = ['search', 'status', 'from', 'to', 'sort', 'page'];

/**
 * /dashboard/reservations (SPEC §2.3): the day's timeline by table, or the list of requests, chosen in the URL
 * (`?view=day&date=` / `?view=list`). Without a choice, a restaurant with tables sees the day, one without the list.
 */
export default function ReservationsPage() {
  const { t } = useTranslation('reservations');
  const canManage = useCan('reservations.manage');
  usePageTitle(t('inbox:kinds.reservation.title'));
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  /** The booking just made in the day view, which scrolls to it. */
  const [created, setCreated] = useState<string | null>(null);
  const clock = useRestaurantClock();
  const today = clock.data?.today ?? null;
  const date = DAY.test(params.get('date') ?? '') ? params.get('date')! : today;

  const asked = params.get('view');
  const listLink = LIST_PARAMS.some((key) => params.has(key));
  // Only asked when no view is chosen: the same query the day view then shows (cached).
  const probe = useReservationDay(asked || listLink ? null : date);
  const hasTables = probe.data?.areas.some((area) => area.tables.some((table) => table.active));
  const view = asked === 'day' || asked === 'list' ? asked : listLink || probe.isError ? 'list' : hasTables === undefined ? null : hasTables ? 'day' : 'list';

  const change = useCallback(
    (patch: Record<string, string | null>, push = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: !push },
      ),
    [setParams],
  );

  const drawerExtra = (item: TInboxItem) => (item.kind === 'reservation' ? <PlacementForm key={item.id} item={item} shownDate={view === 'day' ? date : null} /> : null);

  // Loose, not in a Group of their own: the list's header puts its refresh button in the same row as the two buttons.
  const actions = (
    <>
      <SegmentedControl
        aria-label={t('view.label')}
        value={view ?? 'day'}
        onChange={(value) => change({ view: value })}
        data={[
          { value: 'day', label: <Group gap={6} wrap="nowrap"><IconTimeline size={16} aria-hidden />{t('view.day')}</Group> },
          { value: 'list', label: <Group gap={6} wrap="nowrap"><IconLayoutList size={16} aria-hidden />{t('view.list')}</Group> },
        ]}
      />
      {/* The two buttons keep to one row on a phone, under the view switch. */}
      {canManage && (
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" component={Link} to="/dashboard/reservations/setup" leftSection={<IconTable size={16} />}>
            <Box component="span" hiddenFrom="xs">
              {t('view.setup_short')}
            </Box>
            <Box component="span" visibleFrom="xs">
              {t('view.setup')}
            </Box>
          </Button>
          <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setCreating(true)} disabled={!date}>
            {t('new.open')}
          </Button>
        </Group>
      )}
    </>
  );

  const modal = date && (
    <NewBookingModal
      opened={creating}
      date={date}
      onClose={() => setCreating(false)}
      onCreated={(day, id) => {
        if (view === 'day') {
          change({ date: day });
          setCreated(id);
        }
      }}
    />
  );

  if (view === 'list') {
    return (
      <>
        <InboxView kind="reservation" canManage={canManage} actions={actions} drawerExtra={drawerExtra} />
        {modal}
      </>
    );
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('inbox:kinds.reservation.title')}
        subtitle={t(canManage ? 'view.day_subtitle' : 'view.day_subtitle_view')}
        action={
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        }
      />
      {!date || !view || !clock.data ? (
        <PageLoading label={t('day.loading')} />
      ) : (
        <DayView
          date={date}
          today={clock.data.today}
          timeZone={clock.data.time_zone}
          canManage={canManage}
          reveal={created}
          onDate={(day) => change({ view: 'day', date: day })}
          onOpen={(id) => change({ id }, true)}
        />
      )}
      <InboxDrawer kind="reservation" id={params.get('id')} canManage={canManage} onClose={() => change({ id: null })} extra={drawerExtra} />
      {modal}
    </Stack>
  );
}
