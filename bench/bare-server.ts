/**
 * The baseline of every comparison: a bare Node `http` server that answers each request with a recorded
 * response (status, headers, body bytes) and does nothing else. Started by run.ts with the response in a JSON
 * file; reports its port over IPC. With `fastify` as second argument it is Fastify itself answering the same
 * bytes from one route (no logger, no hooks, no plugins): the floor of any Fastify application.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <recorded-response.json>');
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedResponse;
const body = Buffer.from(recorded.bodyBase64, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };

if (process.argv[3] === 'fastify') {
  const app = Fastify({ logger: false });
  app.get('*', (_request, reply) => {
    reply.headers(headers).status(recorded.status).send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
} else {
  const server = http.createServer((_request, response) => {
    response.writeHead(recorded.status, headers);
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
}
