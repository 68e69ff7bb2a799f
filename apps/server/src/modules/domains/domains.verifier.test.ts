import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostProblem, normalizeHost } from '@tavolo/contracts/domains';
import { isPublicAddress, type Lookup } from '../../lib/safe-fetch.ts';
import { createDnsVerifier } from './domains.verifier.ts';

describe('hostProblem', () => {
  it('accepts ordinary domains and refuses the platform, its subdomains, IPs and malformed names', () => {
    for (const ok of ['pizza.de', 'www.pizza-roma.co.uk', 'xn--pizz-dra.de', 'a.b.c.d.example']) expect(hostProblem(ok, 'tavolo.app'), ok).toBeNull();
    expect(hostProblem('tavolo.app', 'tavolo.app')).toBe('domains.validation.main_domain');
    expect(hostProblem('shop.tavolo.app', 'tavolo.app')).toBe('domains.validation.main_domain');
    expect(hostProblem('nottavolo.app', 'tavolo.app')).toBeNull();
    expect(hostProblem('192.168.1.1')).toBe('domains.validation.invalid');
    expect(hostProblem('localhost')).toBe('domains.validation.reserved');
    expect(hostProblem('pizza')).toBe('domains.validation.needs_dot');
    expect(hostProblem(`${'a.'.repeat(127)}de`)).toBe('domains.validation.too_long');
    expect(normalizeHost('  WWW.Pizza.DE.  ')).toBe('www.pizza.de');
    // Internationalised names become punycode exactly as node:url's domainToASCII has them (an IDN TLD too).
    for (const idn of ['café-müller.de', 'WWW.Pizzä.DE', 'pizza.рф', 'ｐｉｚｚａ.de', 'straße.de']) {
      expect(normalizeHost(idn), idn).toBe(domainToASCII(idn));
      expect(hostProblem(normalizeHost(idn), 'tavolo.app'), idn).toBeNull();
    }
    // Only a name: anything with a path, port or user stays as typed, for hostProblem to refuse.
    for (const odd of ['pizzä.de/menu', 'pizzä.de:8080', 'ä@pizza.de']) expect(hostProblem(normalizeHost(odd)), odd).toBe('domains.validation.invalid');
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local and mapped private addresses', () => {
    for (const bad of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.10', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', 'not-an-ip'])
      expect(isPublicAddress(bad), bad).toBe(false);
    for (const good of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(good), good).toBe(true);
  });
});

describe('the real verifier fetches the well-known file safely', () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.headers.host} ${req.url}`);
      if (req.headers.host === 'redirect.test') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else if (req.headers.host === 'big.test') res.end('x'.repeat(10_000));
      else res.end('the-token\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a host that resolves to a loopback or private address, without connecting', async () => {
    const verifier = createDnsVerifier({ port, lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(await verifier.fetchWellKnown('evil.test')).toBeNull();
    const mixed = createDnsVerifier({ port, lookup: async () => [{ address: '8.8.8.8', family: 4 }, { address: '10.0.0.1', family: 4 }] });
    expect(await mixed.fetchWellKnown('rebind.test')).toBeNull();
    const failing: Lookup = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await createDnsVerifier({ port, lookup: failing }).fetchWellKnown('nx.test')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('reads the file from the checked address with the claimed Host; no redirects; at most 1 KB', async () => {
    // The test server is on loopback, so this one verifier is told loopback is the "public" address it resolved.
    const verifier = createDnsVerifier({ port, lookup: async () => [{ address: '127.0.0.1', family: 4 }], allowAddress: () => true });
    expect(await verifier.fetchWellKnown('www.pizza.test')).toBe('the-token\n');
    expect(seen).toContain('www.pizza.test /.well-known/tavolo-verify.txt');
    expect(await verifier.fetchWellKnown('redirect.test')).toBeNull();
    const big = await verifier.fetchWellKnown('big.test');
    expect(big!.length).toBe(1024);
  });
});
