import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A multipart/form-data body with one file part, for `client.post(url, undefined, { payload, headers })`. */
export function multipart(filename: string, content: Buffer, type: string, field = 'file') {
  const boundary = `----tavolo${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A solid-colour picture of the given size in one of sharp's output formats. */
export const solidImage = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();
