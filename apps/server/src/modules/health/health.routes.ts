import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness' }, config: { site: 'any' } }, async () => ({ success: true, data: { status: 'ok' } }));
};
