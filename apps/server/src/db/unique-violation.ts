import type { AppError } from '@tavolo/contracts/errors';

/** Unique-index violations arrive wrapped by Drizzle; the code is somewhere down the `cause` chain. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));

/**
 * A write whose value a unique index keeps unique (a name, a code): a violation, a repeat or the loser of two saves
 * racing for one value, becomes `taken()`, the error the user reads (a field error, as a check beforehand gives).
 */
export async function unlessTaken<T>(write: () => Promise<T>, taken: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
