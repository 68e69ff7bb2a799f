import cluster, { type Worker } from 'node:cluster';
import { backoffDelay } from './bus.ts';

export interface PrimaryOptions {
  workers: number;
  /** What each worker may take to stop; the primary waits a little longer, then kills what is left. */
  shutdownTimeoutMs: number;
  /** Migrations and the demo seed: once, before any worker starts, so workers never race each other at it. */
  prepare: () => Promise<void>;
  /** Once every worker of the first round listens (the banner). */
  onReady: () => void;
  log: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** Exits within a minute of each other count as a crash loop: each further one doubles the wait before the next start. */
const CRASH_WINDOW_MS = 60_000;

/**
 * The node:cluster primary. It serves nothing itself: the workers share its port (the primary hands out the
 * connections), a worker that dies is replaced (with back-off, so a crash loop does not spin), and SIGTERM or
 * SIGINT stops every worker gracefully before the primary exits.
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  const { log } = options;
  await options.prepare();

  let stopping = false;
  let exitCode = 0;
  let recentExits: number[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork();
    log('info', 'worker started', { worker: worker.process.pid });
    worker.once('listening', () => {
      log('info', 'worker listening', { worker: worker.process.pid });
      listening++;
      if (listening === options.workers) options.onReady();
    });
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      // A worker still starting has no SIGTERM handler yet and dies of the signal: nothing was in flight there.
      const clean = code === 0 || signal === 'SIGTERM';
      if (!clean) exitCode = 1;
      log(clean ? 'info' : 'warn', 'worker stopped', { worker: worker.process.pid, code, signal });
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    recentExits = [...recentExits.filter((t) => now - t < CRASH_WINDOW_MS), now];
    // The first loss is replaced at once; a crash loop waits 1 s, 2 s, 4 s ... up to 30 s between starts.
    const delay = recentExits.length === 1 ? 0 : backoffDelay(recentExits.length - 2, 1000, 30_000);
    log('error', 'worker exited unexpectedly; starting a replacement', { worker: worker.process.pid, code, signal, delayMs: delay });
    const timer = setTimeout(() => {
      pending.delete(timer);
      fork();
    }, delay);
    pending.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    // Ctrl+C sends SIGINT to the workers too; repeated signals change nothing, the deadline below still holds.
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    log('info', 'stopping workers', { signal, workers: workers.length });
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log('error', 'workers did not stop in time; killing them', { workers: Object.keys(cluster.workers ?? {}).length });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, options.shutdownTimeoutMs + 2000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < options.workers; i++) fork();
}
