/**
 * `npm run start:cluster`: the server as one process per CPU (node:cluster) unless WORKERS says otherwise.
 * Workers run this file too; server.ts tells primary and worker apart.
 */
process.env.WORKERS ||= 'auto';
await import('./server.ts');

export {};
