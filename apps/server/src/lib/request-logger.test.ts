import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './request-logger.ts';

/** An app logging at `level` into an array of parsed lines, with a route that logs once at each level and one that raises its own level. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyChildLogger });
  app.get('/log', async (request) => {
    request.log.info({ step: 1 }, 'an info line');
    request.log.warn({ step: 2 }, 'a warning');
    request.log.child({ part: 'inner' }).error('an inner error');
    return { ok: true };
  });
  app.get('/debug', async (request) => {
    request.log.level = 'debug';
    request.log.debug({ step: 3 }, 'a debug line');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('lazyChildLogger', () => {
  it('writes the lines at or above the level with the request id, as pino child loggers do', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const res = await app.inject({ method: 'GET', url: '/log' });
    expect(res.statusCode).toBe(200);
    const reqIds = new Set(lines.map((line) => line.reqId));
    expect(reqIds.size).toBe(1);
    expect([...reqIds][0]).toEqual(expect.any(String));
    expect(lines.map((line) => [line.level, line.msg, line.step ?? line.part])).toEqual([
      [40, 'a warning', 2],
      [50, 'an inner error', 'inner'],
    ]);
    await app.close();
  });

  it('a request whose logger level is raised writes its debug lines, as a pino child does', async () => {
    const { app, lines } = await appLoggingAt('warn');
    await app.inject({ method: 'GET', url: '/debug' });
    // Fastify's own completion line follows at info, which the raised level now lets through too.
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[20, 'a debug line'], [30, 'request completed']]);
    await app.close();
  });

  it("keeps Fastify's own request lines at info level", async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/log' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'an info line', 'a warning', 'an inner error', 'request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    await app.close();
  });
});
