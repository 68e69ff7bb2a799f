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

/** A message as its catalogue key and the values it names: what a reader in another language needs to say it again. */
export interface TMessageRef {
  key: string;
  params?: Record<string, unknown>;
}

type Translate = (key: string, params: Record<string, unknown>) => string;

/** Groups issues by field as `{ field: [message] }`, translated by the caller's `t`. */
export function issuesToFieldErrors(issues: readonly TIssueLike[], t: Translate): Record<string, string[]> {
  return translateFieldKeys(issuesToFieldKeys(issues), t);
}

/** Groups issues by field as `{ field: [{ key, params }] }`, one of each message per field. */
export function issuesToFieldKeys(issues: readonly TIssueLike[]): Record<string, TMessageRef[]> {
  const keys: Record<string, TMessageRef[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const params = Object.fromEntries(Object.entries({ min: issue.minimum, max: issue.maximum }).filter(([, value]) => value !== undefined));
    const ref = Object.keys(params).length > 0 ? { key: issue.message, params } : { key: issue.message };
    const same = (other: TMessageRef) => other.key === ref.key && JSON.stringify(other.params) === JSON.stringify(ref.params);
    (keys[field] ??= []).some(same) || keys[field].push(ref);
  }
  return keys;
}

/** `{ field: [{ key, params }] }` -> `{ field: [message] }` in the caller's language. */
export function translateFieldKeys(keys: Record<string, readonly TMessageRef[]>, t: Translate): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, refs] of Object.entries(keys)) {
    for (const ref of refs) {
      const message = t(ref.key, ref.params ?? {});
      (errors[field] ??= []).includes(message) || errors[field].push(message);
    }
  }
  return errors;
}
