import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInboxDetail } from '@tavolo/contracts/inbox';
import type { TReservationDay, TReservationPlacementInput, TStaffReservationInput } from '@tavolo/contracts/reservations';
import type { TReservationOptions } from '@tavolo/contracts/requests';
import { api } from '../../../lib/api.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { minutesInView, toClock } from '../day/timeline.ts';

/** Fallback to the live stream: the day view refreshes now and then on its own while the stream is down. */
const REFRESH_MS = 30_000;

/** Keys start with the live topic `reservations`, so a new or changed booking anywhere refreshes the day view too. */
export const staffReservationKeys = {
  all: ['reservations'] as const,
  day: (date: string) => ['reservations', 'day', date] as const,
  clock: ['reservations', 'clock'] as const,
};

export type TPlacementChange = { id: string } & TReservationPlacementInput;

export const staffReservationsApi = {
  day: (date: string) => api<TReservationDay>('GET', '/tenant/reservations/day', { query: { date } }),
  create: (body: TStaffReservationInput) => api<TInboxDetail<'reservation'>>('POST', '/tenant/reservations', { body }),
  place: ({ id, ...body }: TPlacementChange) => api<TInboxDetail<'reservation'>>('PATCH', `/tenant/reservations/${id}/placement`, { body }),
  // The restaurant's time zone and "today" (the storefront's form reads the same), for the day view's today and now line.
  clock: () => api<TReservationOptions>('GET', '/tenant/public/reservation-options'),
};

/** One day of the timeline: its hours, the restaurant's tables and every booking of that day. */
export function useReservationDay(date: string | null) {
  return useQuery({
    queryKey: staffReservationKeys.day(date ?? ''),
    queryFn: async () => (await staffReservationsApi.day(date!)).data,
    enabled: Boolean(date),
    // Stepping through days keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
    refetchInterval: usePollInterval(REFRESH_MS),
  });
}

export function useRestaurantClock() {
  return useQuery({
    queryKey: staffReservationKeys.clock,
    queryFn: async () => {
      const { time_zone, today } = (await staffReservationsApi.clock()).data;
      return { time_zone, today };
    },
    staleTime: 10 * 60_000,
  });
}

/** A booking taken by phone; the day view and the list refresh once it is in. */
export function useCreateStaffReservation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: staffReservationsApi.create,
    onSettled: () => client.invalidateQueries({ queryKey: staffReservationKeys.all }),
  });
}

/** The day as it will look once the move went through: drawn at once, put back if the server refuses. */
function movedIn(day: TReservationDay, change: TPlacementChange): TReservationDay {
  return {
    ...day,
    bookings: day.bookings.flatMap((booking) => {
      if (booking.id !== change.id) return [booking];
      const start = minutesInView(day, change.date, change.time);
      if (start === null) return [];
      const duration = change.duration_minutes ?? booking.duration_minutes;
      return [
        {
          ...booking,
          date: change.date,
          time: change.time,
          start_minutes: start,
          end_minutes: start + duration,
          end_time: toClock((start + duration) % (24 * 60)),
          duration_minutes: duration,
          guests: change.guests ?? booking.guests,
          table_ids: change.table_ids ?? booking.table_ids,
        },
      ];
    }),
  };
}

/**
 * Moves a booking to another time and/or table (drag on the timeline, or the drawer's form). The day on screen
 * changes at once; a refusal (409: the table is taken) puts it back and the caller shows why.
 */
export function useMoveReservation(shownDate: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: staffReservationsApi.place,
    onMutate: async (change) => {
      if (!shownDate) return { previous: undefined };
      const key = staffReservationKeys.day(shownDate);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<TReservationDay>(key);
      if (previous) client.setQueryData(key, movedIn(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (shownDate && context?.previous) client.setQueryData(staffReservationKeys.day(shownDate), context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: staffReservationKeys.all }),
  });
}
