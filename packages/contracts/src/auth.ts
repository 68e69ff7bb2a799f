import { z } from './zod.ts';
import { zEmail, zOptionalText, zPhone, zText } from './validation.ts';
import { ZDomainName, type TTenantStatus } from './tenant.ts';
import { ZImportPayload } from './listing-import.ts';
import { ZCurrency } from './currencies.ts';
import { zTimeZone } from './settings.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const zPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const ZLoginRequest = z.object({
  email: zEmail,
  password: z.string().min(1).max(PASSWORD_MAX),
  remember: z.boolean().default(false),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZAuthUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  created_at: z.string(),
  role_name: z.string(),
  permissions: z.array(z.string()),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** A signed-in session, or (owners signing in on the main domain) the restaurant to continue on. */
export const ZLoginResult = z.union([
  z.object({ kind: z.literal('session'), token: z.string(), expires_at: z.string(), user: ZAuthUser }),
  z.object({
    kind: z.literal('handoff'),
    restaurants: z.array(z.object({ name: z.string(), url: z.string() })),
  }),
]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZHandoffRequest = z.object({ code: z.string().min(1).max(200) });

export const ZForgotPasswordRequest = z.object({ email: zEmail });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, password: zPassword, password_confirmation: z.string().min(1).max(PASSWORD_MAX) })
    .refine((v) => (v as { password: string }).password === (v as { password_confirmation: string }).password_confirmation, {
      path: ['password_confirmation'],
      error: 'validation.password_mismatch',
    });

export const ZResetPasswordRequest = withConfirmation({ token: z.string().min(1).max(200) });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** A restaurant's name, contact and address as sign-up asks for them; operators edit them with the same rules. */
export const TENANT_PROFILE_FIELDS = {
  restaurant_name: zText(120),
  email: zEmail,
  phone: zPhone,
  address: zText(200),
  street: zOptionalText(200),
  postal_code: zText(20),
  city: zText(100),
  state: zOptionalText(100),
  country: zText(100),
  county: zOptionalText(100),
};

export const ZRegisterTenantRequest = withConfirmation({
  ...TENANT_PROFILE_FIELDS,
  domain: ZDomainName,
  /** Opening hours are read in this zone; absent: UTC. */
  time_zone: zTimeZone.optional(),
  /** ISO 4217 code the prices are in; absent: the country's currency (when known and supported), else USD. */
  currency: ZCurrency.optional(),
  /** The menu, hours and description of a reviewed listing import, created with the restaurant. */
  import: ZImportPayload.optional(),
});
export type TRegisterTenantRequest = z.input<typeof ZRegisterTenantRequest>;

/** What POST /api/tenant-register answers with 201: the new restaurant and a one-time hand-off URL to its dashboard. */
export interface TRegisterTenantResult {
  slug: string;
  status: TTenantStatus;
  redirect_url: string;
}
