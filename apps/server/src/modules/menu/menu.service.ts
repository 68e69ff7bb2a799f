import type { z } from 'zod';
import { AppError } from '@tavolo/contracts/errors';
import type { TPage } from '@tavolo/contracts/envelope';
import {
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
import { ownUploadName, removeWebpImage, storeWebpImage } from '../../lib/image-upload.ts';
import type { PlansService } from '../plans/plans.service.ts';
import { createMenuRepo, inMenuTransaction, type MenuRepo, type ProductValues } from './menu.repo.ts';
import { createOptionGroupsRepo } from './option-groups.repo.ts';
import { costsLessThanNothing, toOptionGroup } from './option-groups.service.ts';
import type { TAllergen, TDietTag } from '@tavolo/contracts/ordering';
import type { UploadsStore } from '../../lib/uploads/index.ts';
import { unlessTaken } from '../../db/unique-violation.ts';

type CategoryInput = z.output<typeof ZCategoryInput>;
type ProductInput = z.output<typeof ZProductInput>;
type ProductsQuery = z.output<typeof ZAdminProductsQuery>;

const pgCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as { code?: string }).code ?? pgCode((error as { cause?: unknown }).cause);
};

const invalidCategory = () => new AppError('VALIDATION', undefined, { category_id: ['validation.category_unknown'] });
const categoryNameTaken = () => new AppError('VALIDATION', undefined, { name: ['validation.category_name_taken'] });

type ProductRow = NonNullable<Awaited<ReturnType<MenuRepo['product']>>>;

function toAdminProduct({ product: p, categoryName, categoryActive }: ProductRow, optionGroupIds: string[]): TAdminProduct {
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
    allergens: p.allergens as TAllergen[],
    diet_tags: p.dietTags as TDietTag[],
    tax_rate_id: p.taxRateId,
    option_group_ids: optionGroupIds,
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

export function createMenuService(deps: { db: Db; uploads: UploadsStore; plans: Pick<PlansService, 'assertWithinLimit'> }) {
  const repo = createMenuRepo(deps.db);
  const groups = createOptionGroupsRepo(deps.db);

  /** An image reference must be a file of this restaurant's uploads (or left as it was). */
  const checkImage = (tenantId: string, image: string | null, current: string | null = null) => {
    if (image === null || image === current) return;
    if (!ownUploadName(tenantId, image)) throw new AppError('VALIDATION', undefined, { image: ['validation.image_foreign'] });
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
    allergens: input.allergens,
    dietTags: input.diet_tags,
    taxRateId: input.tax_rate_id,
  });

  /** The tax rate and option groups must be the restaurant's own; otherwise a field error, never a change. */
  const checkRules = async (tenantId: string, input: ProductInput) => {
    if (input.tax_rate_id !== null && !(await groups.taxRateExists(tenantId, input.tax_rate_id))) {
      throw new AppError('VALIDATION', undefined, { tax_rate_id: ['validation.invalid'] });
    }
    if (!input.option_group_ids.length) return;
    // One read for both checks: the groups are the restaurant's own, and with them the dish costs at least nothing.
    const attached = (await groups.list(tenantId, input.option_group_ids)).map(toOptionGroup);
    const own = new Set(attached.map((g) => g.id));
    if (input.option_group_ids.some((id) => !own.has(id))) throw new AppError('VALIDATION', undefined, { option_group_ids: ['ordering.options.group_unknown'] });
    // Lines are never priced below 0, but a dish whose choices can take off more than it costs is a typo ("-100").
    if (costsLessThanNothing(input.price_cents, attached)) throw new AppError('VALIDATION', undefined, { price_cents: ['ordering.options.below_zero'] });
  };

  /** Removes every width of an upload that no product references any more; best effort. */
  const removeUpload = async (tenantId: string, image: string | null) => {
    if (!image || !ownUploadName(tenantId, image) || (await repo.imageInUse(tenantId, image))) return;
    await removeWebpImage({ store: deps.uploads, tenantId, url: image, widths: IMAGE_WIDTHS });
  };

  const loadProduct = async (tenantId: string, id: string) => {
    const row = await repo.product(tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminProduct(row, (await groups.groupIdsOf(tenantId, [id])).get(id) ?? []);
  };

  const listCategories = async (tenantId: string): Promise<TCategory[]> => (await repo.listCategories(tenantId)).map(toCategory);

  return {
    // ---- categories ----

    listCategories,

    async createCategory(tenantId: string, input: CategoryInput): Promise<TCategory> {
      const id = await unlessTaken(() => repo.insertCategory(tenantId, { name: input.name, description: input.description ?? null, isActive: input.is_active }), categoryNameTaken);
      return toCategory((await repo.category(tenantId, id))!);
    },

    async updateCategory(tenantId: string, id: string, input: CategoryInput): Promise<TCategory> {
      const found = await unlessTaken(() => repo.updateCategory(tenantId, id, { name: input.name, description: input.description ?? null, isActive: input.is_active }), categoryNameTaken);
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
      const groupIds = await groups.groupIdsOf(
        tenantId,
        rows.map((r) => r.product.id),
      );
      return {
        data: rows.map((r) => toAdminProduct(r, groupIds.get(r.product.id) ?? [])),
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
      await checkRules(tenantId, input);
      let id: string;
      try {
        // The plan's product limit is checked under the restaurant's row lock, so two creates at the limit cannot both pass.
        id = await deps.db.transaction(async (tx) => {
          await deps.plans.assertWithinLimit(tx as unknown as Db, tenantId, 'products');
          const productId = await createMenuRepo(tx as unknown as Db).insertProduct(tenantId, productValues(input));
          await createOptionGroupsRepo(tx as unknown as Db).setProductGroups(tenantId, productId, input.option_group_ids);
          return productId;
        });
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
      await checkRules(tenantId, input);
      let found: boolean;
      try {
        found = await deps.db.transaction(async (tx) => {
          if (!(await createMenuRepo(tx as unknown as Db).updateProduct(tenantId, id, productValues(input)))) return false;
          await createOptionGroupsRepo(tx as unknown as Db).setProductGroups(tenantId, id, input.option_group_ids);
          return true;
        });
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

    /** Checks the bytes (not the name), strips to pixels, and stores every width as WebP (lib/image-upload.ts). */
    async storeImage(tenantId: string, buffer: Buffer): Promise<TUploadedImage> {
      const files = await storeWebpImage({ store: deps.uploads, tenantId, buffer, widths: IMAGE_WIDTHS });
      const main = files.find((f) => f.width === 640) ?? files[0]!;
      return { url: main.url, srcset: files.map((f) => `${f.url} ${f.width}w`).join(', ') };
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
