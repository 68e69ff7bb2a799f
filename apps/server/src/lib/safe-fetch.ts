import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * The one guard for requests the server makes to addresses users give it (a claimed custom domain, a restaurant's
 * public page, its logo): the name is resolved here, every address must be public, and the connection goes to the
 * checked address, so DNS cannot be rebound to the server's own network between the check and the request (SSRF).
 */

/** Addresses a request from the server must never reach: loopback, private, link-local, unspecified, CGNAT, multicast. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // Where the IPv4 address behind it cannot be told: local-use NAT64 and Teredo tunnels.
  ['64:ff9b:1::', 48],
  ['2001::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** An IPv6 address as its eight 16-bit groups (`::` filled in, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].map((group) => parseInt(group, 16));
}

const ipv4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address carries, where it carries one a router would reach: IPv4-mapped (::ffff:a.b.c.d,
 * in either spelling), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroMiddle = g2 === 0 && g3 === 0 && g4 === 0;
  if (g0 === 0 && g1 === 0 && zeroMiddle && (g5 === 0xffff || g5 === 0)) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zeroMiddle && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (blocked.check(address, 'ipv6')) return false;
  const ipv4 = embeddedIpv4(ipv6Groups(address));
  return ipv4 === null || !blocked.check(ipv4, 'ipv4');
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export type SafeFetchProblem = 'invalid_url' | 'blocked' | 'unreachable' | 'timeout' | 'too_big' | 'content_type' | 'status' | 'too_many_redirects';

export class SafeFetchError extends Error {
  constructor(readonly problem: SafeFetchProblem) {
    super(`safe fetch refused: ${problem}`);
    this.name = 'SafeFetchError';
  }
}

/**
 * The address to connect to for `host`: an IP literal as it is, a name through `lookup`. Every address the name has
 * must pass `allowed`: a name that also resolves inside the network could be rebound to it. Throws 'blocked' or
 * 'unreachable'.
 */
export async function resolveChecked(host: string, lookup: Lookup = systemLookup, allowed: (address: string) => boolean = isPublicAddress) {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await lookup(bare);
    } catch {
      throw new SafeFetchError('unreachable');
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('unreachable');
  if (!addresses.every((a) => allowed(a.address))) throw new SafeFetchError('blocked');
  return addresses[0]!;
}

export interface SafeFetchOptions {
  lookup?: Lookup;
  /** Which resolved addresses may be reached; default public ones only. Tests widen it for fixture servers on 127.0.0.1. */
  allowAddress?: (address: string) => boolean;
  /** All hops together, in ms. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Media types (without parameters) accepted; a type ending in '/' accepts the whole family ('image/'). */
  accept?: readonly string[];
}

export interface SafeFetchResult {
  /** Where the body came from after redirects. */
  url: string;
  contentType: string;
  charset: string | null;
  body: Buffer;
}

const USER_AGENT = 'Tavolo listing import (+https://tavolo.app)';
const DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5, accept: ['text/html', 'application/ld+json'] };

/** Parses and checks a user-given address: http or https, no user name or password. */
export function parsePublicUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError('invalid_url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) throw new SafeFetchError('invalid_url');
  return url;
}

/**
 * GET a public page: scheme and address checked on the first request and on every redirect (followed by hand),
 * one time limit for the whole chain, the body cap enforced while it streams, no cookies either way.
 */
export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const o = { ...DEFAULTS, ...options };
  const allowed = o.allowAddress ?? isPublicAddress;
  const deadline = Date.now() + o.timeoutMs;
  let url = parsePublicUrl(raw);
  for (let hop = 0; ; hop++) {
    const target = await withDeadline(resolveChecked(url.hostname, o.lookup, allowed), deadline);
    const res = await request(url, target, deadline);
    const status = res.response.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.response.headers.location) {
      res.response.resume();
      if (hop >= o.maxRedirects) throw new SafeFetchError('too_many_redirects');
      url = parsePublicUrl(res.response.headers.location, url.href);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.response.resume();
      throw new SafeFetchError('status');
    }
    const [type = '', ...params] = (res.response.headers['content-type'] ?? '').split(';').map((p) => p.trim().toLowerCase());
    if (!o.accept.some((a) => (a.endsWith('/') ? type.startsWith(a) : type === a))) {
      res.response.resume();
      throw new SafeFetchError('content_type');
    }
    const charset = params.find((p) => p.startsWith('charset='))?.slice(8).replace(/"/g, '') ?? null;
    const body = await readCapped(res, o.maxBytes, deadline);
    return { url: url.href, contentType: type, charset, body };
  }
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new SafeFetchError('timeout')), Math.max(0, deadline - Date.now()));
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

interface Open {
  response: IncomingMessage;
  destroy(): void;
}

/** One GET to the checked address; https names the host for SNI and certificate checks. */
function request(url: URL, target: { address: string; family: number }, deadline: number): Promise<Open> {
  const https = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)({
      host: target.address,
      family: target.family,
      port: url.port ? Number(url.port) : https ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      ...(https && !isIP(host) ? { servername: host } : {}),
      headers: { Host: url.host, 'User-Agent': USER_AGENT, Accept: 'text/html,application/ld+json;q=0.9,image/*;q=0.8,*/*;q=0.1', 'Accept-Encoding': 'identity' },
      agent: false,
    });
    let settled = false;
    const fail = (problem: SafeFetchProblem) => {
      if (settled) return;
      settled = true;
      reject(new SafeFetchError(problem));
    };
    // Until the headers arrive; the body read has its own timer on the same deadline.
    const timer = setTimeout(() => {
      if (settled) return;
      fail('timeout');
      req.destroy();
    }, Math.max(0, deadline - Date.now()));
    req.on('close', () => clearTimeout(timer));
    req.on('error', () => fail('unreachable'));
    req.on('response', (response) => {
      clearTimeout(timer);
      if (settled) return response.resume();
      settled = true;
      resolve({ response, destroy: () => req.destroy() });
    });
    req.end();
  });
}

function readCapped(open: Open, maxBytes: number, deadline: number): Promise<Buffer> {
  const { response } = open;
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    open.destroy();
    return Promise.reject(new SafeFetchError('too_big'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: SafeFetchError | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) {
        open.destroy();
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const timer = setTimeout(() => finish(new SafeFetchError('timeout')), Math.max(0, deadline - Date.now()));
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(new SafeFetchError('too_big'));
      chunks.push(chunk);
    });
    response.on('end', () => finish(null));
    response.on('error', () => finish(new SafeFetchError('unreachable')));
    response.on('aborted', () => finish(new SafeFetchError('unreachable')));
  });
}

/** The body as text in its declared charset (UTF-8 when unknown). */
export function bodyText(result: Pick<SafeFetchResult, 'body' | 'charset'>): string {
  try {
    return new TextDecoder(result.charset ?? 'utf-8').decode(result.body);
  } catch {
    return new TextDecoder('utf-8').decode(result.body);
  }
}
