import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertUploadKey, type UploadsStore } from './store.ts';

export interface S3Settings {
  /** https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000 (MinIO) ... */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
}

const DELETE_CONCURRENCY = 8;

const xmlText = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/**
 * An S3-compatible bucket through plain fetch with SigV4 signatures (aws4fetch): PUT, GET, DELETE and
 * ListObjectsV2 are all the server needs, which keeps the AWS SDK out. Uploads carry their SHA-256, so the store
 * refuses a body that was changed on the way.
 */
export function createS3UploadsStore(settings: S3Settings): UploadsStore {
  const aws = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: 's3', retries: 2 });
  const endpoint = new URL(settings.endpoint);
  const base = settings.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
  const urlOf = (key: string) => `${base}/${assertUploadKey(key)}`;

  async function fail(res: Response, what: string): Promise<never> {
    const body = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
    throw new Error(`S3 ${what}: ${res.status}${code ? ` ${code}` : ''}`);
  }

  async function remove(key: string) {
    const res = await aws.fetch(urlOf(key), { method: 'DELETE' });
    // 404: already gone, which is what was asked for.
    if (!res.ok && res.status !== 404) await fail(res, `DELETE ${key}`);
  }

  async function* list(prefix: string): AsyncGenerator<string[]> {
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      if (token) query.set('continuation-token', token);
      const res = await aws.fetch(`${base}/?${query}`);
      if (!res.ok) await fail(res, `list ${prefix}`);
      const xml = await res.text();
      yield [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => xmlText(m[1]!));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || undefined : undefined;
    } while (token);
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const res = await aws.fetch(urlOf(key), {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: {
          'content-type': contentType,
          'content-length': String(bytes.length),
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!res.ok) await fail(res, `PUT ${key}`);
    },
    async get(key) {
      const res = await aws.fetch(urlOf(key));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) return fail(res, `GET ${key}`);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        length: Number(res.headers.get('content-length') ?? 0),
      };
    },
    delete: remove,
    async deletePrefix(prefix) {
      for await (const keys of list(`${assertUploadKey(prefix)}/`)) {
        for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map(remove));
      }
    },
  };
}
