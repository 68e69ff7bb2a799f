/**
 * Plain HTTP calls to a server process on 127.0.0.1 (see real-server.ts), with our own Host header (it picks the
 * restaurant; fetch will not send one). A new connection per call: a process that stops must not leave a
 * test waiting on a kept-alive socket.
 */
import http from 'node:http';
import { CSRF_COOKIE, CSRF_HEADER } from '../plugins/csrf.ts';

export interface Answer {
  status: number;
  body: string;
  /** The CSRF cookie's value, when the reply set one. */
  csrf?: string;
}

export function call(port: number, host: string, method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { host: `${host}:${port}`, ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const cookie = res.headers['set-cookie']?.find((c) => c.startsWith(`${CSRF_COOKIE}=`));
          resolve({ status: res.statusCode ?? 0, body, csrf: cookie?.split(';')[0]!.slice(CSRF_COOKIE.length + 1) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A CSRF pair (double-submit cookie and header) for POSTs from `host`. */
export async function csrfHeaders(port: number, host: string): Promise<Record<string, string>> {
  const res = await call(port, host, 'GET', '/api/csrf');
  if (!res.csrf) throw new Error(`GET /api/csrf set no cookie (${res.status})`);
  return { cookie: `${CSRF_COOKIE}=${res.csrf}`, [CSRF_HEADER]: res.csrf };
}

/** Signs in through the API and returns the bearer token. */
export async function login(port: number, host: string, email: string, password: string): Promise<string> {
  const res = await call(port, host, 'POST', '/api/login', { body: { email, password, remember: false }, headers: await csrfHeaders(port, host) });
  const data = res.status === 200 ? JSON.parse(res.body).data : undefined;
  if (data?.kind !== 'session') throw new Error(`login of ${email} on ${host} failed: ${res.status} ${res.body}`);
  return data.token as string;
}
