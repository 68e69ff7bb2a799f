import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGuestReservation } from '@tavolo/contracts/reservations';
import { api } from '../../../lib/api.ts';

/** The guest's view/cancel link: the token goes in the body, never in a URL the server logs. */
export const guestReservationApi = {
  get: (token: string) => api<TGuestReservation>('POST', '/tenant/public/reservation-manage', { body: { token } }),
  cancel: (token: string) => api<TGuestReservation | null>('POST', '/tenant/public/reservation-manage/cancel', { body: { token } }),
};

const key = (token: string) => ['guest-reservation', token] as const;

/** The booking behind a link; an unknown link is an answer (404), not worth retrying. */
export function useGuestReservation(token: string | null) {
  return useQuery({
    queryKey: key(token ?? ''),
    queryFn: async () => (await guestReservationApi.get(token!)).data,
    enabled: Boolean(token),
    retry: false,
  });
}

export function useCancelGuestReservation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => guestReservationApi.cancel(token),
    // The page shows the booking as the server now has it (cancelled, no more cancel button).
    onSettled: () => client.invalidateQueries({ queryKey: key(token) }),
  });
}
