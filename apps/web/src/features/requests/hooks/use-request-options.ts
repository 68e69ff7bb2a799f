import { useQuery } from '@tanstack/react-query';
import { requestsApi } from '../api/requests-api.ts';

/** Opening hours, time zone and "today" of the restaurant, for offering only bookable days and times. */
export function useReservationOptions() {
  return useQuery({ queryKey: ['requests', 'reservation-options'], queryFn: async () => (await requestsApi.reservationOptions()).data, staleTime: 5 * 60_000 });
}

/** Every product a guest may ask about (active, in active categories). */
export function useStockCheckProducts() {
  return useQuery({ queryKey: ['requests', 'stock-check-products'], queryFn: async () => (await requestsApi.stockCheckProducts()).data, staleTime: 60_000 });
}
