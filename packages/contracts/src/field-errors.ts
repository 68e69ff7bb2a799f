/**
 * Zod issues as `{ field: [message] }`. Apart from the schemas (no Zod here), so a page can show a failed call's
 * field errors without loading Zod with its first script.
 */
export interface TIssueLike {
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/** Groups issues by field as `{ field: [message] }`, translated by the caller's `t`. */
export function issuesToFieldErrors(
  issues: readonly TIssueLike[],
  t: (key: string, params: Record<string, unknown>) => string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const message = t(issue.message, { min: issue.minimum, max: issue.maximum });
    (errors[field] ??= []).includes(message) || errors[field].push(message);
  }
  return errors;
}
