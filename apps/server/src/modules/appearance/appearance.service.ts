import { BANNER_WIDTHS, DEFAULT_APPEARANCE, toPublicAppearance, type TAppearance, type TPublicAppearance, type TUploadedBanner } from '@tavolo/contracts/appearance';
import { AppError } from '@tavolo/contracts/errors';
import type { Db } from '../../db/client.ts';
import { removeWebpImage, storeWebpImage } from '../../lib/image-upload.ts';
import { createAppearanceRepo, type AppearanceRepo } from './appearance.repo.ts';
import type { UploadsStore } from '../../lib/uploads/index.ts';

type Row = NonNullable<Awaited<ReturnType<AppearanceRepo['load']>>>;

/** Rows are only written from validated input, so the stored strings are the contract's enums. */
const toAppearance = (row: Row): TAppearance => ({
  theme: row.theme as TAppearance['theme'],
  primary_color: row.primaryColor,
  accent_color: row.accentColor,
  menu_layout: row.menuLayout as TAppearance['menu_layout'],
  header_style: row.headerStyle as TAppearance['header_style'],
  banner_image: row.bannerImage,
});

const toValues = (looks: TAppearance) => ({
  theme: looks.theme,
  primaryColor: looks.primary_color,
  accentColor: looks.accent_color,
  menuLayout: looks.menu_layout,
  headerStyle: looks.header_style,
  bannerImage: looks.banner_image,
});

/** The storefront's looks of one restaurant. A restaurant without a row shows DEFAULT_APPEARANCE. */
export function createAppearanceService(deps: { db: Db; uploads: UploadsStore }) {
  const repo = createAppearanceRepo(deps.db);

  const get = async (tenantId: string): Promise<TAppearance> => {
    const row = await repo.load(tenantId);
    return row ? toAppearance(row) : { ...DEFAULT_APPEARANCE };
  };

  const dropBanner = (tenantId: string, url: string | null) => removeWebpImage({ store: deps.uploads, tenantId, url, widths: BANNER_WIDTHS });

  return {
    get,

    async getPublic(tenantId: string): Promise<TPublicAppearance> {
      return toPublicAppearance(await get(tenantId));
    },

    /**
     * Saves every choice at once. The banner can only be kept or removed here: a new one arrives through
     * `uploadBanner`, so a save can never point the storefront at a file of another restaurant or another site.
     */
    async update(tenantId: string, input: TAppearance): Promise<TAppearance> {
      const current = await get(tenantId);
      if (input.banner_image !== null && input.banner_image !== current.banner_image) {
        throw new AppError('VALIDATION', undefined, { banner_image: ['validation.banner_foreign'] });
      }
      const saved = toAppearance(await repo.save(tenantId, toValues(input)));
      if (current.banner_image && saved.banner_image !== current.banner_image) await dropBanner(tenantId, current.banner_image);
      return saved;
    },

    /** Checks and stores the image (lib/image-upload.ts), makes it the banner at once and removes the old one. */
    async uploadBanner(tenantId: string, buffer: Buffer): Promise<TUploadedBanner> {
      const files = await storeWebpImage({ store: deps.uploads, tenantId, buffer, widths: BANNER_WIDTHS });
      const main = files.find((f) => f.width === 1280) ?? files[files.length - 1]!;
      const current = await get(tenantId);
      const saved = toAppearance(await repo.save(tenantId, toValues({ ...current, banner_image: main.url })));
      await dropBanner(tenantId, current.banner_image);
      return { appearance: saved, srcset: files.map((f) => `${f.url} ${f.width}w`).join(', ') };
    },
  };
}
export type AppearanceService = ReturnType<typeof createAppearanceService>;
