import type { Readable } from 'node:stream';

/** One stored file as the server streams it out. */
export interface StoredUpload {
  body: Readable;
  contentType: string;
  length: number;
}

/**
 * Where uploaded files live (issue #12): local disk under DATA_DIR/uploads by default, or an S3-compatible bucket
 * shared by every server process. Keys are paths relative to the uploads root (`t/<tenant>/<name>-640.webp`) and
 * equal the part of the public URL after /uploads/, so URLs never depend on the store.
 */
export interface UploadsStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredUpload | null>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix/` (a tenant's folder when it is deleted). */
  deletePrefix(prefix: string): Promise<void>;
}

// Path segments of letters, digits, dot, dash and underscore, never "." or "..": a key can never leave the root.
const KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function isUploadKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function assertUploadKey(key: string): string {
  if (!isUploadKey(key)) throw new Error(`invalid upload key ${JSON.stringify(key)}`);
  return key;
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type a file is served with, by its extension (local disk keeps no metadata). */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
