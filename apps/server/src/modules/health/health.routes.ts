import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What server.ts tells the app about its own life: set on SIGTERM, before the server stops taking requests. */
export interface Lifecycle {
  draining: boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<{ lifecycle: Lifecycle }> = async (app, { lifecycle }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness: 200, or 503 while the process shuts down (a load balancer then sends requests elsewhere)' }, config: { site: 'any' } },
    async (_request, reply) => {
      if (lifecycle.draining) return reply.code(503).send({ success: false, data: { status: 'draining' } });
      return { success: true, data: { status: 'ok' } };
    },
  );
};
