import { useSyncExternalStore } from 'react';

/**
 * Whether the dashboard's live stream is connected. The stream hook (features/notifications) sets it; any list
 * reads it to poll only while the stream is down, instead of polling on top of live updates.
 */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean) {
  if (value === connected) return;
  connected = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLiveConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected);
}

/** A query's `refetchInterval`: none while live updates arrive, `fallbackMs` otherwise. */
export function usePollInterval(fallbackMs: number): number | false {
  return useLiveConnected() ? false : fallbackMs;
}
