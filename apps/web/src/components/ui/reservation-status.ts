import type { TReservationStatus } from '@tavolo/contracts/inbox';

/** One colour per reservation status, the same in the inbox badges and on the day view's bars. */
export const RESERVATION_STATUS_COLORS: Record<TReservationStatus, string> = {
  pending: 'orange',
  confirmed: 'teal',
  seated: 'blue',
  declined: 'red',
  cancelled: 'red',
  completed: 'gray',
  no_show: 'grape',
};
