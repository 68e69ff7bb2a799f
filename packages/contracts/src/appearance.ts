import { z } from './zod.ts';
import { HEADER_STYLES, HEX_COLOR, MENU_LAYOUTS, THEME_NAMES, checkPrimaryContrast } from './looks.ts';

/**
 * The storefront's looks (issue #3 "Content and looks"): a theme preset, primary and accent colours and layout
 * choices. GET/PUT /api/tenant/admin/appearance, POST …/appearance/banner, public GET /api/tenant/public/appearance.
 */

export * from './looks.ts';

/** Accepts any case, stores lower case. */
const zHexColor = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.string().regex(HEX_COLOR, { error: 'validation.color_format' }));

/** The primary also has to be readable (see `checkPrimaryContrast`); same rule in the form and on the server. */
const zPrimaryColor = zHexColor.refine((v) => checkPrimaryContrast(v).ok, { error: 'validation.color_contrast' });

/** What PUT /api/tenant/admin/appearance takes. `banner_image` is set by the upload route; a save may keep or clear it. */
export const ZAppearance = z.strictObject({
  theme: z.enum(THEME_NAMES),
  primary_color: zPrimaryColor,
  accent_color: zHexColor,
  menu_layout: z.enum(MENU_LAYOUTS),
  header_style: z.enum(HEADER_STYLES),
  banner_image: z.string().max(300).nullable(),
});
export type TAppearance = z.output<typeof ZAppearance>;
export type TAppearanceInput = z.input<typeof ZAppearance>;
