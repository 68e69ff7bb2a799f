/**
 * `npm run bench`: starts the real server on a fresh database (PGlite in a new DATA_DIR, or a new database on
 * DATABASE_URL), puts it and a bare Node `http` server that sends the same bytes under autocannon, samples the
 * server's memory, and writes the figures into bench/README.md (the section of the database used).
 *
 *   npm run bench                                   # PGlite, 20 s per round
 *   BENCH_SECONDS=5 npm run bench                   # a quick run
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # PostgreSQL (needs CREATEDB)
 *   BENCH_NOTE="CI suite running" npm run bench     # say what else was running
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { repoRoot, startRealServer } from '../apps/server/src/test/real-server.ts';
import type { RecordedResponse } from './bare-server.ts';
import { fmt, freshPostgresDatabase, sleep, writeSection } from './shared.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const WARMUP_SECONDS = Math.max(2, Math.round(SECONDS / 4));
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const DEMO_HOST = 'demo.localhost';
const PRODUCTS_URL = '/api/tenant/public/products';

/** Resident set size of a process in MiB, from Linux's /proc (0 on other systems). */
function rssMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kib) return kib / 1024;
  } catch {
    // Not Linux.
  }
  return 0;
}

/** Peak RSS of `pid` while `work` runs, sampled every 100 ms. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
  try {
    return { result: await work(), peak: Math.max(peak, rssMiB(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** The real server as `npm start` runs it (without the web build, which the API does not need), demo seeded. */
function startServer(databaseUrl: string | undefined, dataDir: string) {
  // Per-request info logging is an operator's choice that costs as much as the framework itself; warn is what is measured.
  // With the web build (WEB_DIST, else apps/web/dist when built), as `npm start` runs it: the memory figures then
  // include the server renderer's thread, which starts with the server.
  const webDist = process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
  return startRealServer({ env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SEED_DEMO: 'true', LOG_LEVEL: 'warn', WEB_DIST: webDist } });
}

/** One response of the real server, to be replayed byte for byte by the bare server (`fetch` cannot set Host). */
function record(base: string, url: string, host: string): Promise<RecordedResponse> {
  // Hop-by-hop and per-response headers are left to Node, as they are for the real server.
  const perResponse = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`GET ${url} on ${host}: ${response.statusCode}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!perResponse.has(name) && value !== undefined) headers[name] = String(value);
          }
          resolve({ status: 200, headers, bodyBase64: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

async function startBareServer(recorded: RecordedResponse, dir: string, kind: 'http' | 'fastify' = 'http') {
  const file = path.join(dir, `recorded-${Date.now()}-${kind}.json`);
  fs.writeFileSync(file, JSON.stringify(recorded));
  const child: ChildProcess = fork(path.join(here, 'bare-server.ts'), [file, kind], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, pid: child.pid! };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  bad: number;
}

/** A warm-up round (not counted), then the measured one. Any non-2xx answer or socket error counts as bad. */
async function load(base: string, url: string, host: string, options: { connections: number; pipelining: number }): Promise<Figures> {
  const run = (duration: number) => autocannon({ url: `${base}${url}`, headers: { host }, duration, ...options });
  await run(WARMUP_SECONDS);
  const result = await run(SECONDS);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad: result.non2xx + result.errors,
  };
}

async function main() {
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-bench-'));
  const postgres = DATABASE_URL ? await freshPostgresDatabase(DATABASE_URL) : undefined;
  const dbLabel = postgres ? postgres.version : 'PGlite (embedded)';
  console.log(`Benchmarks on ${dbLabel}, ${SECONDS} s per round after ${WARMUP_SECONDS} s of warm-up`);

  const server = await startServer(postgres?.url, dataDir);
  const stop: (() => unknown)[] = [() => server.stop()];
  try {
    await sleep(2000);
    const rssAtRest = rssMiB(server.pid);

    // 1. Framework overhead: health check, 100 connections, 10 pipelined requests each.
    const overheadOptions = { connections: 100, pipelining: 10 };
    const health = await record(server.base, '/api/health', DEMO_HOST);
    const bareHealth = await startBareServer(health, dataDir);
    stop.push(() => bareHealth.child.disconnect());
    console.log('framework overhead: bare Node server ...');
    const healthBare = await load(bareHealth.base, '/api/health', DEMO_HOST, overheadOptions);
    // Fastify alone with the same bytes: what any Fastify application costs before its own hooks and logger.
    const fastifyHealth = await startBareServer(health, dataDir, 'fastify');
    stop.push(() => fastifyHealth.child.disconnect());
    console.log('framework overhead: Fastify alone ...');
    const healthFastify = await load(fastifyHealth.base, '/api/health', DEMO_HOST, overheadOptions);
    console.log('framework overhead: Tavolo ...');
    const healthApp = await peakRssDuring(server.pid, () => load(server.base, '/api/health', DEMO_HOST, overheadOptions));

    // 2. API throughput: the storefront's product list, 50 connections, one request at a time each.
    const throughputOptions = { connections: 50, pipelining: 1 };
    const products = await record(server.base, PRODUCTS_URL, DEMO_HOST);
    const bareProducts = await startBareServer(products, dataDir);
    stop.push(() => bareProducts.child.disconnect());
    console.log('API throughput: bare Node server ...');
    const productsBare = await load(bareProducts.base, PRODUCTS_URL, DEMO_HOST, throughputOptions);
    console.log('API throughput: Tavolo ...');
    const productsApp = await peakRssDuring(server.pid, () => load(server.base, PRODUCTS_URL, DEMO_HOST, throughputOptions));

    await sleep(3000);
    const rssAfter = rssMiB(server.pid);

    const section = report({
      started,
      loadBefore,
      dbLabel,
      health: { bare: healthBare, fastify: healthFastify, app: healthApp.result, bytes: Buffer.from(health.bodyBase64, 'base64').length },
      products: { bare: productsBare, app: productsApp.result, bytes: Buffer.from(products.bodyBase64, 'base64').length },
      memory: { rest: rssAtRest, health: healthApp.peak, products: productsApp.peak, after: rssAfter },
    });
    console.log(section);
    writeSection(postgres ? 'postgres' : 'pglite', section);
    console.log(`bench/README.md updated (${postgres ? 'PostgreSQL' : 'PGlite'} section)`);
  } finally {
    for (const fn of stop.reverse()) fn();
    await sleep(500);
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Report {
  started: Date;
  loadBefore: number;
  dbLabel: string;
  health: { bare: Figures; fastify: Figures; app: Figures; bytes: number };
  products: { bare: Figures; app: Figures; bytes: number };
  memory: { rest: number; health: number; products: number; after: number };
}

function report(r: Report): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const note = process.env.BENCH_NOTE || 'nothing else announced';
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const row = (name: string, f: Figures) => `| ${name} | ${fmt(f.rps)} | ${fmt(f.p50, 1)} | ${fmt(f.p99, 1)} | ${fmt(f.total)} | ${fmt(f.bad)} |`;
  const head = '| server | req/s (mean) | p50 latency ms | p99 latency ms | requests | non-2xx or errors |\n|---|---:|---:|---:|---:|---:|';
  const healthRatio = r.health.app.rps / r.health.bare.rps;
  const productsRatio = r.products.app.rps / r.products.bare.rps;
  const onPostgres = r.dbLabel.startsWith('PostgreSQL');
  return [
    `Run ${r.started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.availableParallelism()} cores (${cpu}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ` +
      `Node ${process.version}, ${os.type()} ${os.release()}; database ${r.dbLabel}. ${SECONDS} s measured per round after a ${WARMUP_SECONDS} s warm-up round. ` +
      `Load average before the run: ${r.loadBefore.toFixed(2)} (also running: ${note}).`,
    '',
    `**Framework overhead**: \`GET /api/health\` (${r.health.bytes} bytes of body), autocannon -c 100 -p 10 -d ${SECONDS}.`,
    '',
    head,
    row('bare Node `http`', r.health.bare),
    row('Fastify alone, same bytes (one route, no logger, no hooks)', r.health.fastify),
    row('Tavolo (Fastify)', r.health.app),
    '',
    `Ratio Tavolo / bare: **${healthRatio.toFixed(2)}** (target >= 0.90: ${verdict(healthRatio >= 0.9)}). ` +
      `Fastify alone / bare: ${(r.health.fastify.rps / r.health.bare.rps).toFixed(2)}; Tavolo / Fastify alone: ${(r.health.app.rps / r.health.fastify.rps).toFixed(2)}.`,
    '',
    `**API throughput**: \`GET ${PRODUCTS_URL}\` on ${DEMO_HOST} (first page, ${r.products.bytes} bytes of body), autocannon -c 50 -p 1 -d ${SECONDS}.`,
    '',
    head,
    row('bare Node `http`, same bytes', r.products.bare),
    row('Tavolo', r.products.app),
    '',
    `Ratio Tavolo / bare: **${productsRatio.toFixed(2)}**` +
      (onPostgres ? ` (target >= 0.60 on PostgreSQL: ${verdict(productsRatio >= 0.6)})` : ' (the 0.60 target is for PostgreSQL)') +
      `; Tavolo p99 ${fmt(r.products.app.p99, 1)} ms (target < 25 ms: ${verdict(r.products.app.p99 < 25)}).`,
    '',
    '**Memory** (resident set size of the server process):',
    '',
    '| moment | RSS MiB |\n|---|---:|',
    `| at rest, after start-up and demo seed | ${fmt(r.memory.rest, 1)} |`,
    `| peak under the health-check load | ${fmt(r.memory.health, 1)} |`,
    `| peak under the product-list load | ${fmt(r.memory.products, 1)} |`,
    `| 3 s after the load | ${fmt(r.memory.after, 1)} |`,
  ].join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
