import type { FastifyBaseLogger } from 'fastify';

/**
 * A background pass run every `intervalMs` (escalating orders, ending trials). Overlapping calls in this process
 * share the pass that is running; `stop()` waits for it, so shutdown never cuts a pass in half.
 */
export function createPeriodicJob<T>(pass: () => Promise<T>, options: { name: string; defaultIntervalMs: number; runAtStart?: boolean; log?: Pick<FastifyBaseLogger, 'error'> }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;

  function runOnce(): Promise<T> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }
  const tick = () => void runOnce().catch((err) => options.log?.error({ err }, `${options.name} failed`));

  return {
    runOnce,
    start(intervalMs = options.defaultIntervalMs) {
      if (options.runAtStart) tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
