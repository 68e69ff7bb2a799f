/**
 * Live updates for the dashboard (GET /api/tenant/live, Server-Sent Events). An event only names what changed;
 * the dashboard refetches those lists, so events stay tiny, carry no personal data and can cross processes.
 */
export const LIVE_TOPICS = ['notifications', 'orders', 'reservations', 'requests', 'bulletin'] as const;
export type TLiveTopic = (typeof LIVE_TOPICS)[number];

export interface TLiveEvent {
  topics: TLiveTopic[];
}

/** The SSE event name the stream uses for TLiveEvent payloads. */
export const LIVE_EVENT_NAME = 'change';
/** Seconds between keep-alive comments on an idle stream (proxies close silent connections). */
export const LIVE_HEARTBEAT_SECONDS = 25;
