import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TPage } from '@tavolo/contracts/envelope';
import {
  IMAGE_MAX_BYTES,
  IMAGE_WIDTHS,
  type TAdminProduct,
  type TCategory,
  type TUploadedImage,
  type ZAdminProductsQuery,
  type ZCategoryInput,
  type ZProductInput,
} from '@tavolo/contracts/menu';
import { discounted } from '@tavolo/contracts/storefront';
import type { Db } from '../../db/client.ts';
import { createMenuRepo, inMenuTransaction, type MenuRepo, type ProductValues } from './menu.repo.ts';

type CategoryInput = z.output<typeof ZCategoryInput>;
type ProductInput = z.output<typeof ZProductInput>;
type ProductsQuery = z.output<typeof ZAdminProductsQuery>;

/** Decoding bombs stop here: 40 megapixels is far more than any menu photo needs. */
export const IMAGE_MAX_PIXELS = 40_000_000;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

const pgCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as { code?: string }).code ?? pgCode((error as { cause?: unknown }).cause);
};

const invalidCategory = () => new AppError('VALIDATION', undefined, { category_id: ['validation.category_unknown'] });
const imageError = (key: string, params: Record<string, unknown> = {}) => new AppError('VALIDATION', undefined, { file: [key] }, params);

type ProductRow = NonNullable<Awaited<ReturnType<MenuRepo['product']>>>;

function toAdminProduct({ product: p, categoryName, categoryActive }: ProductRow): TAdminProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price_cents: p.priceCents,
    discount: p.discountPercent,
    final_price_cents: discounted(p.priceCents, p.discountPercent),
    category_id: p.categoryId,
    category: { name: categoryName, is_active: categoryActive },
    image: p.image,
    is_active: p.isActive,
    rating: Number(p.rating),
    sort_order: p.sortOrder,
    track_stock: p.trackStock,
    stock_quantity: p.stockQuantity,
    low_stock_threshold: p.lowStockThreshold,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

function toCategory(row: NonNullable<Awaited<ReturnType<MenuRepo['category']>>>): TCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    products_count: Number(row.productsCount),
  };
}

/** Where a tenant's uploads live, and the URL prefix they are served under. */
const uploadDir = (dataDir: string, tenantId: string) => path.join(dataDir, 'uploads', 't', tenantId);
const uploadUrl = (tenantId: string) => `/uploads/t/${tenantId}/`;
const OWN_UPLOAD = /^\/uploads\/t\/([0-9a-f-]{36})\/([0-9a-f-]{36})-\d+\.webp$/;

export function createMenuService(deps: { db: Db; dataDir: string }) {
  const repo = createMenuRepo(deps.db);

  /** An image reference must be a file of this restaurant's uploads (or left as it was). */
  const checkImage = (tenantId: string, image: string | null, current: string | null = null) => {
    if (image === null || image === current) return;
    const own = OWN_UPLOAD.exec(image);
    if (!own || own[1] !== tenantId) throw new AppError('VALIDATION', undefined, { image: ['validation.image_foreign'] });
  };

  const productValues = (input: ProductInput): ProductValues => ({
    categoryId: input.category_id,
    name: input.name,
    description: input.description ?? null,
    priceCents: input.price_cents,
    discountPercent: input.discount,
    image: input.image,
    isActive: input.is_active,
    rating: input.rating,
    sortOrder: input.sort_order,
    trackStock: input.track_stock,
    stockQuantity: input.stock_quantity,
    lowStockThreshold: input.low_stock_threshold,
  });

  /** Removes every width of an upload that no product references any more; best effort. */
  const removeUpload = async (tenantId: string, image: string | null) => {
    const own = image ? OWN_UPLOAD.exec(image) : null;
    if (!image || !own || own[1] !== tenantId || (await repo.imageInUse(tenantId, image))) return;
    await Promise.all(IMAGE_WIDTHS.map((w) => fs.rm(path.join(uploadDir(deps.dataDir, tenantId), `${own[2]}-${w}.webp`), { force: true }).catch(() => undefined)));
  };

  const loadProduct = async (tenantId: string, id: string) => {
    const row = await repo.product(tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminProduct(row);
  };

  const listCategories = async (tenantId: string): Promise<TCategory[]> => (await repo.listCategories(tenantId)).map(toCategory);

  return {
    // ---- categories ----

    listCategories,

    async createCategory(tenantId: string, input: CategoryInput): Promise<TCategory> {
      const id = await repo.insertCategory(tenantId, { name: input.name, description: input.description ?? null, isActive: input.is_active });
      return toCategory((await repo.category(tenantId, id))!);
    },

    async updateCategory(tenantId: string, id: string, input: CategoryInput): Promise<TCategory> {
      const found = await repo.updateCategory(tenantId, id, { name: input.name, description: input.description ?? null, isActive: input.is_active });
      if (!found) throw new AppError('NOT_FOUND');
      return toCategory((await repo.category(tenantId, id))!);
    },

    /** `ids` must be exactly the restaurant's categories; they get sort_order 0..n-1 together. */
    async reorderCategories(tenantId: string, ids: string[]): Promise<TCategory[]> {
      await inMenuTransaction(deps.db, async (tx) => {
        const existing = new Set(await tx.categoryIds(tenantId));
        const given = new Set(ids);
        if (given.size !== ids.length || given.size !== existing.size || ids.some((id) => !existing.has(id))) {
          throw new AppError('VALIDATION', undefined, { ids: ['validation.category_ids_mismatch'] });
        }
        for (const [index, id] of ids.entries()) await tx.setCategoryOrder(tenantId, id, index);
      });
      return listCategories(tenantId);
    },

    /** Refused while it has products, unless they can move to `moveTo` (another category of the restaurant). */
    async deleteCategory(tenantId: string, id: string, moveTo: string | undefined): Promise<void> {
      try {
        await inMenuTransaction(deps.db, async (tx) => {
          if (!(await tx.categoryExists(tenantId, id))) throw new AppError('NOT_FOUND');
          if (moveTo !== undefined && (moveTo === id || !(await tx.categoryExists(tenantId, moveTo)))) {
            throw new AppError('VALIDATION', undefined, { move_to: ['validation.move_to_invalid'] });
          }
          const count = await tx.countProductsIn(tenantId, id);
          if (count > 0) {
            if (moveTo === undefined) throw new AppError('CONFLICT', 'errors.category_has_products', undefined, { count });
            await tx.moveProducts(tenantId, id, moveTo);
          }
          await tx.deleteCategory(tenantId, id);
        });
      } catch (error) {
        // A product added to it meanwhile: the foreign key refuses the delete.
        if (pgCode(error) === '23503') {
          throw new AppError('CONFLICT', 'errors.category_has_products', undefined, { count: await repo.countProductsIn(tenantId, id) });
        }
        throw error;
      }
    },

    // ---- products ----

    async listProducts(tenantId: string, query: ProductsQuery): Promise<TPage<TAdminProduct>> {
      const { rows, total } = await repo.listProducts(tenantId, query);
      return {
        data: rows.map(toAdminProduct),
        total,
        per_page: query.per_page,
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
      };
    },

    getProduct: loadProduct,

    async createProduct(tenantId: string, input: ProductInput): Promise<TAdminProduct> {
      if (!(await repo.categoryExists(tenantId, input.category_id))) throw invalidCategory();
      checkImage(tenantId, input.image);
      let id: string;
      try {
        id = await repo.insertProduct(tenantId, productValues(input));
      } catch (error) {
        // The category was deleted meanwhile: the (tenant, category) foreign key refuses it.
        if (pgCode(error) === '23503') throw invalidCategory();
        throw error;
      }
      return loadProduct(tenantId, id);
    },

    async updateProduct(tenantId: string, id: string, input: ProductInput): Promise<TAdminProduct> {
      const current = await repo.productImage(tenantId, id);
      if (!current) throw new AppError('NOT_FOUND');
      if (!(await repo.categoryExists(tenantId, input.category_id))) throw invalidCategory();
      checkImage(tenantId, input.image, current.image);
      let found: boolean;
      try {
        found = await repo.updateProduct(tenantId, id, productValues(input));
      } catch (error) {
        if (pgCode(error) === '23503') throw invalidCategory();
        throw error;
      }
      if (!found) throw new AppError('NOT_FOUND');
      if (current.image !== input.image) await removeUpload(tenantId, current.image);
      return loadProduct(tenantId, id);
    },

    async deleteProduct(tenantId: string, id: string): Promise<void> {
      const deleted = await repo.deleteProduct(tenantId, id);
      if (!deleted) throw new AppError('NOT_FOUND');
      await removeUpload(tenantId, deleted.image);
    },

    async setProductsActive(tenantId: string, ids: string[], isActive: boolean): Promise<number> {
      return repo.setProductsActive(tenantId, [...new Set(ids)], isActive);
    },

    // ---- images ----

    /** Checks the bytes (not the name), strips to pixels, and stores every width as WebP. */
    async storeImage(tenantId: string, buffer: Buffer): Promise<TUploadedImage> {
      if (buffer.length === 0) throw imageError('validation.image_required');
      if (buffer.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'validation.image_too_big', { file: ['validation.image_too_big'] }, { max: IMAGE_MAX_BYTES / 1024 / 1024 });
      let meta: sharp.Metadata;
      try {
        // Reads the header only; the pixel limit is checked below, before anything is decoded.
        meta = await sharp(buffer, { limitInputPixels: false }).metadata();
      } catch {
        throw imageError('validation.image_type');
      }
      const format = meta.format as string | undefined;
      // sharp reports AVIF as HEIF with AV1 compression; other HEIF files are not accepted.
      const allowed = (format !== undefined && IMAGE_FORMATS.has(format)) || (format === 'heif' && meta.compression === 'av1');
      if (!allowed || !meta.width || !meta.height) throw imageError('validation.image_type');
      if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw imageError('validation.image_too_many_pixels', { max: IMAGE_MAX_PIXELS / 1_000_000 });

      const dir = uploadDir(deps.dataDir, tenantId);
      await fs.mkdir(dir, { recursive: true });
      const name = randomUUID();
      const files = IMAGE_WIDTHS.map((width) => ({ width, file: path.join(dir, `${name}-${width}.webp`), url: `${uploadUrl(tenantId)}${name}-${width}.webp` }));
      try {
        for (const { width, file } of files) {
          await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toFile(file);
        }
      } catch {
        // Header fine, pixels broken: nothing half-written stays behind.
        await Promise.all(files.map(({ file }) => fs.rm(file, { force: true })));
        throw imageError('validation.image_type');
      }
      const main = files.find((f) => f.width === 640) ?? files[0]!;
      return { url: main.url, srcset: files.map((f) => `${f.url} ${f.width}w`).join(', ') };
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
