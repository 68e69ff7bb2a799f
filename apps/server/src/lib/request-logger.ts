import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Options = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
/** What pino adds to Fastify's logger type; a logger without it (Fastify's no-op one in tests) is used as is. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger that becomes pino's `child({ reqId })` on the first line actually written. Fastify makes
 * a child per request, and pino builds a logger and serialises its bindings for each; at the usual `warn` level
 * almost no request writes a line, so that work was wasted on nearly every request. Calls below the level stay
 * no-ops, as on pino's own child.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: LevelAware & { isLevelEnabled: (level: string) => boolean },
    private readonly bindings: Bindings,
    private readonly options: Options,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    // Once the child exists it decides (its level may have been changed for this request); before, the parent's level does.
    const target = this.#child ?? (this.parent.isLevelEnabled(level) ? this.real() : undefined);
    if (target) (target[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a route with its own log level gets its child at once. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options) {
  const parent = logger as LevelAware;
  if (options.level || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyChildLogger(parent as LevelAware & { isLevelEnabled: (level: string) => boolean }, bindings, options) as unknown as FastifyBaseLogger;
};
