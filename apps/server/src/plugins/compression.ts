import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** Text worth compressing; pictures and fonts are compressed already, streams (files, live events) are left alone. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

/** The encoding the client accepts that we prefer (brotli, then gzip), honouring `q=0` refusals and `*`. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  return (['br', 'gzip'] as const).find((name) => weight(name) > 0) ?? null;
}

function compress(body: Buffer | string, encoding: Encoding) {
  return encoding === 'br'
    ? // Quality 5: most of brotli's gain at a fraction of its top level's cost, for answers made per request.
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzip(body);
}

function addVary(current: unknown, value: string): string {
  const list = [current ?? []].flat().join(',').split(',').map((v) => v.trim()).filter(Boolean);
  return list.some((v) => v.toLowerCase() === value.toLowerCase() || v === '*') ? list.join(', ') : [...list, value].join(', ');
}

/**
 * Brotli or gzip for the text answers the server builds (JSON, index.html) when the client accepts it; the web
 * build's files are sent precompressed by @fastify/static. Below `minBytes` the headers would cost more than
 * is saved. A Buffer body (the storefront micro-cache sends the same Buffer for every hit) is compressed once and
 * the result kept as long as the Buffer lives, so a cached menu costs no compression per request. ETags stay as
 * the route set them: they name the content, and `Vary: Accept-Encoding` keeps shared caches apart.
 */
export const compressionPlugin = fp<{ minBytes?: number }>(async (app, { minBytes = 1024 }) => {
  const memo = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

  const encode = async (payload: Buffer | string, encoding: Encoding) => {
    if (typeof payload === 'string') return compress(payload, encoding);
    let entry = memo.get(payload);
    if (!entry) memo.set(payload, (entry = {}));
    return (entry[encoding] ??= await compress(payload, encoding));
  };

  // Callback style, so an answer with nothing to compress (most API answers, every health check) costs no promise.
  app.addHook('onSend', (request: FastifyRequest, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (Buffer.byteLength(payload) < minBytes || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    reply.header('vary', addVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    encode(payload, encoding).then((body) => {
      reply.removeHeader('content-length');
      reply.header('content-encoding', encoding);
      done(null, body);
    }, done);
  });
});
