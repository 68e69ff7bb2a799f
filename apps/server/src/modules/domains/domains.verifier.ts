import { resolveTxt } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { WELL_KNOWN_PATH } from '@tavolo/contracts/domains';
import { isPublicAddress, resolveChecked, systemLookup, type Lookup } from '../../lib/safe-fetch.ts';

/** How the platform looks at a domain the owner claims. Tests inject a stub; production uses `createDnsVerifier`. */
export interface DomainVerifier {
  /** TXT records at `name` (each record as its strings); [] when there are none. */
  txt(name: string): Promise<string[][]>;
  /** The body of http://<host>/.well-known/tavolo-verify.txt, or null when it cannot be read. */
  fetchWellKnown(host: string): Promise<string | null>;
}

const TIMEOUT_MS = 5000;
const MAX_BODY = 1024;

/**
 * The real verifier: DNS TXT through the system resolver, and the file over plain http. The http request goes to an
 * address resolved (and checked) here, never to one the owner could point at the server's own network (SSRF).
 */
export function createDnsVerifier(deps: { lookup?: Lookup; port?: number; allowAddress?: (address: string) => boolean } = {}): DomainVerifier {
  const lookup: Lookup = deps.lookup ?? systemLookup;
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
      // The shared guard (lib/safe-fetch): every address of the name public, or no request at all.
      const target = await resolveChecked(host, lookup, allowed).catch(() => null);
      if (!target) return null;
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
