import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { translate, type TLanguage } from '@tavolo/contracts/i18n';
import {
  IMAGE_MAX_BYTES,
  ZAdminProductsQuery,
  ZBulkProductStatus,
  ZCategoryDeleteQuery,
  ZCategoryInput,
  ZCategoryReorder,
  ZProductInput,
  type TBulkProductStatusResult,
} from '@tavolo/contracts/menu';
import { zId } from '@tavolo/contracts/validation';
import { readImageFile } from '../../lib/image-upload.ts';
import { tenantOf } from '../../plugins/context.ts';
import type { MenuService } from './menu.service.ts';

const view = { site: 'tenant' as const, permission: 'menu.view' as const };
const manage = { site: 'tenant' as const, permission: 'menu.manage' as const };
const MB = IMAGE_MAX_BYTES / 1024 / 1024;

const saved = (lang: TLanguage) => translate(lang, 'messages.saved');

/** Back-office menu: categories, products and image uploads of the restaurant on the Host. Logic lives in menu.service.ts. */
export const menuRoutes: FastifyPluginAsyncZod<{ menu: MenuService }> = async (app, { menu }) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const categoryTags = ['menu: categories'];
  const productTags = ['menu: products'];

  // ---- categories ----

  app.get('/api/tenant/categories', { schema: { tags: categoryTags, summary: 'All categories in menu order, with product counts' }, config: view }, async (request) => {
    return { success: true, data: await menu.listCategories(tenantOf(request.site).id) };
  });

  app.post(
    '/api/tenant/categories',
    { schema: { tags: categoryTags, summary: 'Create a category (appended at the end)', body: ZCategoryInput }, config: manage },
    async (request, reply) => {
      const data = await menu.createCategory(tenantOf(request.site).id, request.body);
      return reply.status(201).send({ success: true, data, message: saved(request.lang) });
    },
  );

  app.patch(
    '/api/tenant/categories/reorder',
    { schema: { tags: categoryTags, summary: 'Save the menu order: every category id exactly once', body: ZCategoryReorder }, config: manage },
    async (request) => {
      const data = await menu.reorderCategories(tenantOf(request.site).id, request.body.ids);
      return { success: true, data, message: saved(request.lang) };
    },
  );

  app.put(
    '/api/tenant/categories/:id',
    { schema: { tags: categoryTags, summary: 'Update a category', params: zId, body: ZCategoryInput }, config: manage },
    async (request) => {
      const data = await menu.updateCategory(tenantOf(request.site).id, request.params.id, request.body);
      return { success: true, data, message: saved(request.lang) };
    },
  );

  app.delete(
    '/api/tenant/categories/:id',
    {
      schema: { tags: categoryTags, summary: 'Delete a category; with move_to its products move there first', params: zId, querystring: ZCategoryDeleteQuery },
      config: manage,
    },
    async (request) => {
      await menu.deleteCategory(tenantOf(request.site).id, request.params.id, request.query.move_to);
      return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
    },
  );

  // ---- products ----

  app.get(
    '/api/tenant/products',
    { schema: { tags: productTags, summary: 'Products: search, filter, sort, page', querystring: ZAdminProductsQuery }, config: view },
    async (request) => {
      return { success: true, data: await menu.listProducts(tenantOf(request.site).id, request.query) };
    },
  );

  app.patch(
    '/api/tenant/products/bulk-status',
    { schema: { tags: productTags, summary: 'Activate or deactivate many products', body: ZBulkProductStatus }, config: manage },
    async (request) => {
      const updated = await menu.setProductsActive(tenantOf(request.site).id, request.body.ids, request.body.is_active);
      const data: TBulkProductStatusResult = { updated };
      return { success: true, data, message: saved(request.lang) };
    },
  );

  app.get('/api/tenant/products/:id', { schema: { tags: productTags, summary: 'One product', params: zId }, config: view }, async (request) => {
    return { success: true, data: await menu.getProduct(tenantOf(request.site).id, request.params.id) };
  });

  app.post('/api/tenant/products', { schema: { tags: productTags, summary: 'Create a product', body: ZProductInput }, config: manage }, async (request, reply) => {
    const data = await menu.createProduct(tenantOf(request.site).id, request.body);
    return reply.status(201).send({ success: true, data, message: saved(request.lang) });
  });

  app.put(
    '/api/tenant/products/:id',
    { schema: { tags: productTags, summary: 'Update a product', params: zId, body: ZProductInput }, config: manage },
    async (request) => {
      const data = await menu.updateProduct(tenantOf(request.site).id, request.params.id, request.body);
      return { success: true, data, message: saved(request.lang) };
    },
  );

  app.delete('/api/tenant/products/:id', { schema: { tags: productTags, summary: 'Delete a product', params: zId }, config: manage }, async (request) => {
    await menu.deleteProduct(tenantOf(request.site).id, request.params.id);
    return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
  });

  // ---- images ----

  app.post(
    '/api/tenant/uploads/images',
    {
      schema: {
        tags: ['menu: images'],
        summary: `Upload one image (multipart field "file", at most ${MB} MB): checked by content, stored as WebP in several widths`,
        consumes: ['multipart/form-data'],
      },
      config: manage,
    },
    async (request, reply) => {
      const buffer = await readImageFile(request);
      const data = await menu.storeImage(tenantOf(request.site).id, buffer);
      return reply.status(201).send({ success: true, data });
    },
  );
};
