import { AppError } from '@tavolo/contracts/errors';

/** A checkout rule broken on one field: 422 whose message and field message are the same translated sentence. */
export function ruleError(field: string, key: string, params: Record<string, unknown> = {}): AppError {
  return new AppError('VALIDATION', key, { [field]: [key] }, params);
}
