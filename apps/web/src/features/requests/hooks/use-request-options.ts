import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '../api/requests-api.ts';

/** Opening hours, time zone and "today" of the restaurant, for offering only bookable days and times. */
export function useReservationOptions() {
  return useQuery({ queryKey: ['requests', 'reservation-options'], queryFn: async () => (await requestsApi.reservationOptions()).data, staleTime: 5 * 60_000 });
}

/** The free start times for a party on a day; asks only once both are chosen. */
export function useReservationAvailability(date: string, guests: number | null) {
  return useQuery({
    queryKey: ['requests', 'reservation-availability', date, guests],
    queryFn: async () => (await requestsApi.availability({ date, guests: guests! })).data,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) && guests !== null,
    // Tables go quickly on a busy evening: a guest coming back to the tab sees fresh times.
    staleTime: 20_000,
  });
}

/** Every product a guest may ask about (active, in active categories). */
export function useStockCheckProducts() {
  return useQuery({ queryKey: ['requests', 'stock-check-products'], queryFn: async () => (await requestsApi.stockCheckProducts()).data, staleTime: 60_000 });
}
