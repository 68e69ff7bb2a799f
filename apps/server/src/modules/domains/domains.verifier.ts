import { lookup as dnsLookup, resolveTxt } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { WELL_KNOWN_PATH } from '@tavolo/contracts/domains';

/** How the platform looks at a domain the owner claims. Tests inject a stub; production uses `createDnsVerifier`. */
export interface DomainVerifier {
  /** TXT records at `name` (each record as its strings); [] when there are none. */
  txt(name: string): Promise<string[][]>;
  /** The body of http://<host>/.well-known/tavolo-verify.txt, or null when it cannot be read. */
  fetchWellKnown(host: string): Promise<string | null>;
}

const TIMEOUT_MS = 5000;
const MAX_BODY = 1024;

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
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !blocked.check(mapped[1]!, 'ipv4');
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

/**
 * The real verifier: DNS TXT through the system resolver, and the file over plain http. The http request goes to an
 * address resolved (and checked) here, never to one the owner could point at the server's own network (SSRF).
 */
export function createDnsVerifier(deps: { lookup?: Lookup; port?: number; allowAddress?: (address: string) => boolean } = {}): DomainVerifier {
  const lookup: Lookup = deps.lookup ?? ((host) => dnsLookup(host, { all: true, verbatim: true }));
  const allowed = deps.allowAddress ?? isPublicAddress;
  return {
    async txt(name) {
      try {
        return await resolveTxt(name);
      } catch {
        return [];
      }
    },

    async fetchWellKnown(host) {
      let addresses: { address: string; family: number }[];
      try {
        addresses = await lookup(host);
      } catch {
        return null;
      }
      // Every address must be public: a name that also resolves inside the network could be rebound to it.
      if (addresses.length === 0 || !addresses.every((a) => allowed(a.address))) return null;
      const target = addresses[0]!;
      return new Promise((resolve) => {
        const req = httpRequest(
          {
            host: target.address,
            family: target.family,
            port: deps.port ?? 80,
            path: WELL_KNOWN_PATH,
            method: 'GET',
            headers: { Host: host, 'User-Agent': 'Tavolo domain check' },
            timeout: TIMEOUT_MS,
          },
          (res) => {
            // No redirects: a 3xx (or anything but 200) is not the file.
            if (res.statusCode !== 200) {
              res.resume();
              resolve(null);
              return;
            }
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
              if (body.length > MAX_BODY) {
                req.destroy();
                resolve(body.slice(0, MAX_BODY));
              }
            });
            res.on('end', () => resolve(body));
            res.on('error', () => resolve(null));
          },
        );
        // A slow server gets 5 s in all, not 5 s per idle gap.
        const timer = setTimeout(() => req.destroy(), TIMEOUT_MS);
        req.on('close', () => clearTimeout(timer));
        req.on('timeout', () => req.destroy());
        req.on('error', () => resolve(null));
        req.end();
      });
    },
  };
}
