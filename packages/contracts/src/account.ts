import { z } from './zod.ts';
import { zText } from './validation.ts';
import { PASSWORD_MAX, zPassword } from './auth.ts';

/**
 * The signed-in restaurant user's own account (SPEC §2.3): POST /api/tenant/password, PATCH /api/tenant/profile,
 * POST/DELETE /api/tenant/profile/avatar. Each profile call answers with the updated `TAuthUser`.
 */

/** Same rules as registration and reset (`zPassword`), plus: confirmed, and not the current password again. */
export const ZChangePasswordRequest = z
  .object({
    current_password: z.string().min(1).max(PASSWORD_MAX),
    password: zPassword,
    // Required on its own, so an empty one is marked with the other empty fields in the same pass.
    password_confirmation: z.string().min(1).max(PASSWORD_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.password_mismatch' });
    if (v.current_password && v.password === v.current_password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'account.validation.password_same' });
  });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const PROFILE_NAME_MAX = 100;
export const ZUpdateProfileRequest = z.object({ name: zText(PROFILE_NAME_MAX) });
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

/** Avatars: photos only (no GIF/AVIF), at most the menu images' IMAGE_MAX_BYTES; stored as WebP in these widths. */
export const AVATAR_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_WIDTHS = [96, 256] as const;
