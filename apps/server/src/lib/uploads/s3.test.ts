/**
 * UPLOADS_STORE=s3 against a small S3 look-alike in this process: objects go to the bucket through the real
 * upload route, are served back under the same /uploads/... URL, and are removed with the product that used them.
 * The fake refuses any request that is not SigV4-signed with the configured key.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp, type TestTeam } from '../../test/harness.ts';
import { multipart, solidImage } from '../../test/multipart.ts';
import { createS3UploadsStore } from './s3.ts';

const BUCKET = 'tavolo-test';
const KEY_ID = 'AKIATAVOLOTEST';

/** Path-style S3: PUT/GET/DELETE /bucket/key and ListObjectsV2 on /bucket/?list-type=2&prefix=. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, 'http://s3');
      const auth = String(req.headers.authorization ?? '');
      const hash = String(req.headers['x-amz-content-sha256'] ?? '');
      const signed =
        auth.startsWith(`AWS4-HMAC-SHA256 Credential=${KEY_ID}/`) &&
        /\/us-east-1\/s3\/aws4_request, SignedHeaders=[^,]*x-amz-date[^,]*, Signature=[0-9a-f]{64}$/.test(auth) &&
        /^\d{8}T\d{6}Z$/.test(String(req.headers['x-amz-date'])) &&
        (hash === 'UNSIGNED-PAYLOAD' ? req.method !== 'PUT' : hash === createHash('sha256').update(body).digest('hex'));
      if (!signed) {
        refused.push(`${req.method} ${req.url}`);
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = rest.join('/');
      if (bucket !== BUCKET) return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
        res.writeHead(200, { 'content-type': 'application/xml' });
        return void res.end(`<ListBucketResult><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}</ListBucketResult>`);
      }
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type']) });
        return void res.writeHead(200).end();
      }
      const object = objects.get(key);
      if (req.method === 'GET') {
        if (!object) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
        return void res.end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return void res.writeHead(204).end();
      }
      res.writeHead(405).end();
    });
  });
  return { server, objects, refused };
}

describe('S3 uploads store', () => {
  const s3 = fakeS3();
  let endpoint: string;
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    t = await createTestApp({
      env: {
        UPLOADS_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: KEY_ID,
        S3_SECRET_ACCESS_KEY: 'tavolo-test-secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    team = await t.registerTeam('s3');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => s3.server.close(resolve));
  });

  it('stores uploads in the bucket, serves them under /uploads/ and removes them with their product', async () => {
    const body = multipart('photo.png', await solidImage(900, 600), 'image/png');
    const res = await team.admin.post('/api/tenant/uploads/images', undefined, { payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().data.url as string;
    expect(url).toMatch(new RegExp(`^/uploads/t/${team.r.tenantId}/[0-9a-f-]{36}-640\\.webp$`));
    const base = url.slice('/uploads/'.length).replace(/-640\.webp$/, '');
    const stored = [...s3.objects.keys()].filter((k) => k.startsWith(base)).sort();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(s3.objects.get(`${base}-640.webp`)!.type).toBe('image/webp');
    // Nothing under DATA_DIR: the bucket is the only copy.
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', 't', team.r.tenantId))).toBe(false);

    const served = await t.client(team.r.host).get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(s3.objects.get(`${base}-640.webp`)!.body)).toBe(true);
    expect((await t.client(team.r.host).get(`/uploads/t/${team.r.tenantId}/missing-640.webp`)).statusCode).toBe(404);

    const category = (await team.admin.post('/api/tenant/categories', { name: 'Photos' })).json().data.id as string;
    const product = await team.admin.post('/api/tenant/products', { name: 'Pictured', description: '', price_cents: 900, discount: 0, category_id: category, image: url });
    expect(product.statusCode, product.body).toBe(201);
    expect((await team.admin.delete(`/api/tenant/products/${product.json().data.id}`)).statusCode).toBe(200);
    expect([...s3.objects.keys()].filter((k) => k.startsWith(base))).toEqual([]);
    expect(s3.refused).toEqual([]);
  });

  it('removes a whole folder through ListObjectsV2, and only that folder', async () => {
    const store = createS3UploadsStore({ endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: KEY_ID, secretAccessKey: 'x', forcePathStyle: true });
    await store.put('t/gone/a.webp', Buffer.from('a'), 'image/webp');
    await store.put('t/gone/b.webp', Buffer.from('b'), 'image/webp');
    await store.put('t/gone-not/c.webp', Buffer.from('c'), 'image/webp');
    await store.deletePrefix('t/gone');
    expect([...s3.objects.keys()].filter((k) => k.startsWith('t/gone'))).toEqual(['t/gone-not/c.webp']);
    const file = await store.get('t/gone-not/c.webp');
    expect(file?.contentType).toBe('image/webp');
    expect(await store.get('t/gone/a.webp')).toBeNull();
  });

  it('refuses keys that could leave the uploads root', async () => {
    const store = createS3UploadsStore({ endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: KEY_ID, secretAccessKey: 'x', forcePathStyle: true });
    for (const key of ['../secret', 't/../x', '/abs', 't//x', 'a/./b']) await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid upload key/);
  });
});

describe('UPLOADS_STORE settings', () => {
  it('s3 needs every S3_* setting, each named when missing', () => {
    expect(() => loadConfig({}, { UPLOADS_STORE: 's3', S3_BUCKET: 'tavolo' })).toThrow(
      /S3_ENDPOINT: is required when UPLOADS_STORE=s3[\s\S]*S3_REGION: is required[\s\S]*S3_ACCESS_KEY_ID: is required[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => loadConfig({}, { UPLOADS_STORE: 'ftp' })).toThrow(/UPLOADS_STORE/);
    expect(() => loadConfig({}, { S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(loadConfig({}, {}).UPLOADS_STORE).toBe('local');
  });
});
