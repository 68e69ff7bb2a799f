import { z } from './zod.ts';
import type { TErrorCode } from './errors.ts';
import type { TMessageRef } from './field-errors.ts';

export interface TSuccess<T> {
  success: true;
  data: T;
  message?: string;
}
export interface TFailure {
  success: false;
  code: TErrorCode;
  message: string;
  errors?: Record<string, string[]>;
  /** `errors` as catalogue keys, so a page can say them again when the reader switches language. */
  error_keys?: Record<string, TMessageRef[]>;
}
export type TEnvelope<T> = TSuccess<T> | TFailure;

export const zEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

export interface TPage<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
