import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZImportRequest } from '@tavolo/contracts/listing-import';
import type { ListingImportService } from './listing-import.service.ts';

/** Sign-up by import: the preview of a restaurant's public page. Public (no account yet), main domain, per-IP limited. */
export const listingImportRoutes: FastifyPluginAsyncZod<{ listingImport: ListingImportService; perMinute: number }> = async (app, opts) => {
  app.post(
    '/api/tenant-register/import',
    {
      schema: { tags: ['registration'], summary: "Read a restaurant's public page for the sign-up form (nothing is saved)", body: ZImportRequest },
      config: { site: 'platform', rateLimit: { max: opts.perMinute, timeWindow: '1 minute' } },
    },
    async (request) => ({ success: true, data: await opts.listingImport.preview(request.body.url, request.lang) }),
  );
};
