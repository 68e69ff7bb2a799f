import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { GOOD_PASSWORD } from './harness.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

export interface SampleOptions {
  /** Prefix of free text, so the values are recognisable (and unique to one tenant). */
  text: string;
  /** Ids for `<thing>_id` fields, by table name: the caller's own rows, so references resolve. */
  idFor?: (field: string) => string | undefined;
}

const CANDIDATES = ['+49 30 1234567', '2030-01-15', '12:00', 'isolation@example.com', 'https://example.com/', '#336699', 'abc-123', '10115', 'de', 'en'];

function sampleString(field: string, s: JsonSchema, options: SampleOptions): string {
  const name = field.toLowerCase();
  const fit = (value: string) => {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? 10_000;
    let v = value.length < min ? value.padEnd(min, 'x') : value;
    if (v.length > max) v = v.slice(0, max);
    return v;
  };
  const ok = (value: string) => !s.pattern || new RegExp(s.pattern).test(value);
  const byName =
    s.format === 'email' || name.includes('email')
      ? `${options.text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.com`
      : s.format === 'uuid' || name === 'id' || name.endsWith('_id')
        ? (options.idFor?.(field) ?? randomUUID())
        : s.format === 'date' || name === 'date' || name.endsWith('_date')
          ? '2030-01-15'
          : s.format === 'time' || name === 'time' || name.endsWith('_time')
            ? '12:00'
            : s.format === 'date-time' || name.endsWith('_at')
              ? '2030-01-15T12:00:00.000Z'
              : s.format === 'uri' || s.format === 'url' || name.endsWith('_link') || name.endsWith('_url')
                ? 'https://example.com/'
                : name.includes('phone')
                  ? '+49 30 1234567'
                  : name.includes('password')
                    ? GOOD_PASSWORD
                    : `${options.text} ${field}`;
  for (const value of [byName, ...CANDIDATES, 'aaaaaaaa']) {
    const v = fit(value);
    if (ok(v)) return v;
  }
  return fit(byName);
}

function sampleOf(field: string, s: JsonSchema, options: SampleOptions): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return sampleOf(field, union.find((x) => x.type !== 'null') ?? union[0]!, options);
  if (s.allOf?.length) {
    const parts = s.allOf.map((x) => sampleOf(field, x, options));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) if (props[key]) out[key] = sampleOf(key, props[key], options);
      // `x_confirmation` repeats `x`.
      for (const key of Object.keys(out)) {
        const base = key.replace(/_confirmation$/, '');
        if (base !== key && base in out) out[key] = out[base];
      }
      return out;
    }
    case 'string':
      return sampleString(field, s, options);
    case 'integer':
    case 'number': {
      let n = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      if (s.maximum !== undefined && n > s.maximum) n = s.maximum;
      return n;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sampleOf(field, s.items ?? {}, options));
    case 'null':
      return null;
    default:
      return `${options.text} ${field}`;
  }
}

/**
 * A body that passes a route's Zod body schema, built from the schema itself, or null when none could be
 * found (cross-field rules, exotic patterns): then the caller needs a hand-written fixture.
 */
export function sampleBody(schema: unknown, options: SampleOptions): { body: unknown } | null {
  if (!schema || typeof (schema as z.ZodType).safeParse !== 'function') return null;
  const zod = schema as z.ZodType;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
  const body = sampleOf('', json, options);
  return zod.safeParse(body).success ? { body } : null;
}
