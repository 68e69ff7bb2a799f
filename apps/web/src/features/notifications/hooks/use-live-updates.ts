import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_NAME, LIVE_HEARTBEAT_SECONDS, LIVE_TOPICS, type TLiveEvent } from '@tavolo/contracts/live';
import { setLiveConnected, useLiveConnected } from '../../../lib/live-status.ts';
import { session } from '../../../lib/storage.ts';

/** Reconnect after 1 s, 2 s, 4 s ... up to 30 s (plus jitter, so a restarted server is not stormed). */
const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
/** A stream silent for this long is dead even if the socket says otherwise (sleeping laptop, dropped Wi-Fi). */
const SILENCE_MS = (LIVE_HEARTBEAT_SECONDS * 2 + 10) * 1000;

/**
 * One live connection per dashboard tab (GET /api/tenant/live, Server-Sent Events read with fetch so the token
 * stays in the Authorization header). Each `change` event invalidates the queries whose keys start with its
 * topics; on a reconnect everything live is refreshed, since events may have been missed meanwhile.
 * Failures are silent (SPEC §8); `connected` tells the caller when to fall back to polling (SPEC §9).
 */
export function useLiveUpdates(enabled: boolean): { connected: boolean } {
  const client = useQueryClient();
  const connected = useLiveConnected();

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let attempt = 0;
    let wasConnected = false;
    let controller: AbortController | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (topics: readonly string[]) => {
      for (const topic of topics) void client.invalidateQueries({ queryKey: [topic] });
    };

    const connect = async () => {
      const token = session.token();
      if (!token) return;
      controller = new AbortController();
      let silence: ReturnType<typeof setTimeout> | undefined;
      const watch = () => {
        clearTimeout(silence);
        silence = setTimeout(() => controller?.abort(), SILENCE_MS);
      };
      try {
        const response = await fetch('/api/tenant/live', {
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
          signal: controller.signal,
        });
        if (response.status === 401) {
          // The session ended: the user query meets the same 401 and the shared API client signs out.
          stopped = true;
          void client.invalidateQueries({ queryKey: ['auth'] });
          return;
        }
        if (!response.ok || !response.body) throw new Error(`live stream: ${response.status}`);
        attempt = 0;
        setLiveConnected(true);
        // Back after a drop: catch up on what happened meanwhile (the first connection follows fresh loads).
        if (wasConnected) refresh(LIVE_TOPICS);
        wasConnected = true;
        watch();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          watch();
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const lines = block.split('\n');
            const event = lines.find((l) => l.startsWith('event:'))?.slice(6).trim();
            const data = lines
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('\n');
            if (event !== LIVE_EVENT_NAME || !data) continue;
            try {
              refresh((JSON.parse(data) as TLiveEvent).topics);
            } catch {
              // A malformed event is skipped; the next one (or the reconnect) catches up.
            }
          }
        }
      } catch {
        // Network error, abort or server restart: reconnect below.
      } finally {
        clearTimeout(silence);
      }
      if (stopped) return;
      setLiveConnected(false);
      retryTimer = setTimeout(() => void connect(), backoffMs(attempt++));
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      controller?.abort();
      setLiveConnected(false);
    };
  }, [enabled, client]);

  return { connected };
}
