import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from '@tavolo/contracts/errors';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import type { UploadsStore } from './uploads/index.ts';

/**
 * The one image pipeline of the back office (product photos, storefront banner): read one multipart file, check it by
 * its bytes rather than its name, strip it to pixels and store it as WebP in a few widths under t/<tenant>/ of the
 * uploads store (DATA_DIR/uploads or a bucket), served under /uploads/ with long cache headers by the web routes.
 */

/** Decoding bombs stop here: 40 megapixels is far more than any photo on a menu needs. */
export const IMAGE_MAX_PIXELS = 40_000_000;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const MB = IMAGE_MAX_BYTES / 1024 / 1024;

const fileError = (key: string, params: Record<string, unknown> = {}) => new AppError('VALIDATION', undefined, { file: [key] }, params);
const tooBig = () => new AppError('PAYLOAD_TOO_LARGE', 'validation.image_too_big', { file: ['validation.image_too_big'] }, { max: MB });

/** A tenant's folder in the uploads store (its files' keys start with it), on local disk, and its URL prefix. */
export const tenantUploadsPrefix = (tenantId: string) => `t/${tenantId}`;
export const uploadDir = (dataDir: string, tenantId: string) => path.join(dataDir, 'uploads', tenantUploadsPrefix(tenantId));
const keyOf = (tenantId: string, file: string) => `${tenantUploadsPrefix(tenantId)}/${file}`;
const OWN_UPLOAD = /^\/uploads\/t\/([0-9a-f-]{36})\/([0-9a-f-]{36})-\d+\.webp$/;

/** The upload's file name stem when `url` is one of this tenant's stored images, else null. */
export function ownUploadName(tenantId: string, url: string | null | undefined): string | null {
  const own = url ? OWN_UPLOAD.exec(url) : null;
  return own && own[1] === tenantId ? own[2]! : null;
}

/** The bytes of the one file in multipart field "file"; 422 on `file` when there is none, 413 when too big. */
export async function readImageFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileError('validation.image_required');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw fileError('validation.image_required');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413) throw tooBig();
    throw fileError('validation.image_required');
  }
}

/**
 * Checks the bytes, then writes every width as WebP. Returns each width's URL, smallest first. `formats` narrows what
 * is accepted (e.g. avatars: photos only), refused with `typeKey` so the message names what is allowed.
 */
export async function storeWebpImage(opts: {
  store: UploadsStore;
  tenantId: string;
  buffer: Buffer;
  widths: readonly number[];
  formats?: readonly string[];
  typeKey?: string;
}): Promise<{ width: number; url: string }[]> {
  const { buffer } = opts;
  const typeError = () => fileError(opts.typeKey ?? 'validation.image_type');
  if (buffer.length === 0) throw fileError('validation.image_required');
  if (buffer.length > IMAGE_MAX_BYTES) throw tooBig();
  let meta: sharp.Metadata;
  try {
    // Reads the header only; the pixel limit is checked below, before anything is decoded.
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw typeError();
  }
  const format = meta.format as string | undefined;
  // sharp reports AVIF as HEIF with AV1 compression; other HEIF files are not accepted.
  const known = (format !== undefined && IMAGE_FORMATS.has(format)) || (format === 'heif' && meta.compression === 'av1');
  const allowed = known && (!opts.formats || opts.formats.includes(format!));
  if (!allowed || !meta.width || !meta.height) throw typeError();
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw fileError('validation.image_too_many_pixels', { max: IMAGE_MAX_PIXELS / 1_000_000 });

  const name = randomUUID();
  const files = [...opts.widths]
    .sort((a, b) => a - b)
    .map((width) => {
      const key = keyOf(opts.tenantId, `${name}-${width}.webp`);
      return { width, key, url: `/uploads/${key}` };
    });
  // Every width is encoded before anything is stored: broken pixels (header fine) leave nothing behind.
  let encoded: Buffer[];
  try {
    encoded = [];
    for (const { width } of files) {
      encoded.push(await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer());
    }
  } catch {
    throw typeError();
  }
  try {
    await Promise.all(files.map(({ key }, i) => opts.store.put(key, encoded[i]!, 'image/webp')));
  } catch (error) {
    await Promise.all(files.map(({ key }) => opts.store.delete(key).catch(() => undefined)));
    throw error;
  }
  return files.map(({ width, url }) => ({ width, url }));
}

/** Removes every width of one of this tenant's uploads; best effort (a missing file is fine). */
export async function removeWebpImage(opts: { store: UploadsStore; tenantId: string; url: string | null; widths: readonly number[] }): Promise<void> {
  const name = ownUploadName(opts.tenantId, opts.url);
  if (!name) return;
  await Promise.all(opts.widths.map((w) => opts.store.delete(keyOf(opts.tenantId, `${name}-${w}.webp`)).catch(() => undefined)));
}
