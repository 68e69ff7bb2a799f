import { useEffect, useRef } from 'react';
import { notifications as toasts } from '@mantine/notifications';
import type { TNotification } from '@tavolo/contracts/notifications';
import { useNavigate } from 'react-router';
import { armChimeOnGesture, chime } from '../lib/chime.ts';

/** An order nobody has answered rings again this often until it is accepted or rejected. */
export const ESCALATION_CHIME_MS = 30_000;
/** Kinds that interrupt with a toast (and the chime): orders wait for an answer, requests can wait for the bell. */
const ALERT_KINDS = new Set(['order', 'order_waiting']);

/**
 * New orders interrupt: a toast that opens the order, and a chime when the sound is on. While any order is
 * pending the chime repeats every 30 s (escalation in the browser; the server escalates by e-mail).
 */
export function useOrderAlerts({ list, pendingOrders, soundOn }: { list: TNotification[] | undefined; pendingOrders: number; soundOn: boolean }) {
  const navigate = useNavigate();
  const seen = useRef<Set<string> | null>(null);
  const lastChime = useRef(0);

  useEffect(() => armChimeOnGesture(), []);

  useEffect(() => {
    if (!list) return;
    // The first answer is what was there before this tab opened: no alerts for it.
    if (seen.current === null) {
      seen.current = new Set(list.map((n) => n.id));
      return;
    }
    const fresh = list.filter((n) => !seen.current!.has(n.id));
    for (const n of list) seen.current.add(n.id);
    const alerts = fresh.filter((n) => !n.is_read && ALERT_KINDS.has(n.kind));
    for (const n of alerts.slice(0, 3)) {
      toasts.show({
        id: `notification-${n.id}`,
        title: n.title,
        message: n.message,
        color: 'orange',
        autoClose: 10_000,
        style: n.link ? { cursor: 'pointer' } : undefined,
        onClick: n.link ? () => navigate(n.link!) : undefined,
      });
    }
    if (alerts.length > 0 && soundOn && chime()) lastChime.current = Date.now();
  }, [list, soundOn, navigate]);

  useEffect(() => {
    if (pendingOrders <= 0 || !soundOn) return;
    const timer = setInterval(() => {
      // A fresh order has just chimed: don't ring twice in a row.
      if (Date.now() - lastChime.current < ESCALATION_CHIME_MS - 1000) return;
      if (chime()) lastChime.current = Date.now();
    }, ESCALATION_CHIME_MS);
    return () => clearInterval(timer);
  }, [pendingOrders, soundOn]);
}
