import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Settings } from './s3-storage.js';
import { createStorage } from './storage.js';

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A path-style S3 API on 127.0.0.1 that keeps objects in memory: enough of S3 to hold the adapter to it. */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: SeenRequest[] = [];
  const errorXml = (code: string, message: string, key: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Key>${key}</Key><RequestId>fake-1</RequestId></Error>`;

  const server = createServer(async (request, response) => {
    const body = await readAll(request);
    const { pathname } = new URL(request.url!, 'http://fake');
    // The path without the SDK's ?x-id=GetObject style query.
    seen.push({ method: request.method!, url: pathname, headers: request.headers, body });
    const [, bucket, ...rest] = pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== 'uploads-bucket') {
      response.writeHead(404, { 'content-type': 'application/xml' }).end(errorXml('NoSuchBucket', 'The specified bucket does not exist', key));
      return;
    }
    if (key.startsWith('forbidden/')) {
      response.writeHead(403, { 'content-type': 'application/xml' }).end(errorXml('AccessDenied', 'Access Denied', key));
      return;
    }
    if (request.method === 'PUT') {
      objects.set(key, { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
      response.writeHead(200, { etag: '"fake-etag"' }).end();
    } else if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end(errorXml('NoSuchKey', 'The specified key does not exist.', key));
        return;
      }
      response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length, etag: '"fake-etag"' }).end(object.body);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  return { server, objects, seen };
}

let fake: ReturnType<typeof startFakeS3>;
let settings: S3Settings;
beforeAll(async () => {
  fake = startFakeS3();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  settings = {
    bucket: 'uploads-bucket',
    region: 'eu-central-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'test-access-key',
    secretAccessKey: 'test-secret-key',
    forcePathStyle: true,
  };
});
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
beforeEach(() => {
  fake.seen.length = 0;
  fake.objects.clear();
});

const key = 'screenshots/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.webp';

describe('S3 storage', () => {
  it('PUTs the bytes path-style to /bucket/key with the content type, signed with the configured keys', async () => {
    const storage = createS3Storage(settings);
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');

    expect(fake.seen).toHaveLength(1);
    const [put] = fake.seen;
    expect(put).toMatchObject({ method: 'PUT', url: `/uploads-bucket/${key}` });
    expect(put!.body.toString()).toBe('webp bytes');
    expect(put!.headers['content-type']).toBe('image/webp');
    expect(put!.headers['content-length']).toBe('10');
    expect(put!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/,
    );
    // No default CRC32 checksum headers, which some S3-compatible stores refuse.
    expect(Object.keys(put!.headers).filter((name) => name.startsWith('x-amz-checksum-'))).toEqual([]);
    expect(fake.objects.get(key)?.body.toString()).toBe('webp bytes');
  });

  it('PUTs a file from the disk as a stream with its length, without reading it into memory first', async () => {
    const storage = createS3Storage(settings);
    const dir = await mkdtemp(path.join(tmpdir(), 'finishline-s3-'));
    const filePath = path.join(dir, 'upload');
    await writeFile(filePath, 'zip bytes from the disk');
    try {
      await storage.putFile('attachments/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.zip', filePath, 'application/zip');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const [put] = fake.seen;
    expect(put).toMatchObject({ method: 'PUT', url: '/uploads-bucket/attachments/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.zip' });
    expect(put!.headers['content-type']).toBe('application/zip');
    expect(put!.headers['content-length']).toBe('23');
    expect(fake.objects.get('attachments/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.zip')?.body.toString()).toBe('zip bytes from the disk');
  });

  it('signs a short-lived GET URL for a private file, with the headers it is to be served with, without a request', async () => {
    const storage = createS3Storage(settings);
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    fake.seen.length = 0;
    const signed = new URL(
      await storage.signedUrl!(key, { expiresInSeconds: 60, contentType: 'image/webp', contentDisposition: "inline; filename*=UTF-8''bug.webp" }),
    );
    // Signing is local.
    expect(fake.seen).toHaveLength(0);
    expect(signed.pathname).toBe(`/uploads-bucket/${key}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(signed.searchParams.get('X-Amz-Credential')).toMatch(/^test-access-key\/\d{8}\/eu-central-1\/s3\/aws4_request$/);
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.searchParams.get('response-content-disposition')).toBe("inline; filename*=UTF-8''bug.webp");
    expect(signed.searchParams.get('response-cache-control')).toBe('private, no-store');
    // The store serves the object at that URL.
    const response = await fetch(signed);
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('webp bytes');
  });

  it('GETs an object back as a stream with its type and size', async () => {
    const storage = createS3Storage(settings);
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    const stored = await storage.get(key);
    expect(stored).toMatchObject({ contentType: 'image/webp', size: 10 });
    expect(Buffer.isBuffer(stored!.body)).toBe(false);
    expect((await readAll(stored!.body as NodeJS.ReadableStream)).toString()).toBe('webp bytes');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: `/uploads-bucket/${key}` });
  });

  it('answers null for a missing key (404 NoSuchKey)', async () => {
    expect(await createS3Storage(settings).get('avatars/missing.webp')).toBeNull();
    expect(fake.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /uploads-bucket/avatars/missing.webp']);
  });

  it('DELETEs an object', async () => {
    const storage = createS3Storage(settings);
    await storage.put(key, Buffer.from('x'), 'image/webp');
    await storage.delete(key);
    expect(fake.seen.at(-1)).toMatchObject({ method: 'DELETE', url: `/uploads-bucket/${key}` });
    expect(fake.objects.has(key)).toBe(false);
  });

  it('passes other store errors on instead of treating them as missing', async () => {
    const storage = createS3Storage(settings);
    await expect(storage.get('forbidden/a.webp')).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(storage.put('forbidden/a.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(createS3Storage({ ...settings, bucket: 'other-bucket' }).get(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('refuses unsafe keys before sending anything', async () => {
    const storage = createS3Storage(settings);
    await expect(storage.put('../a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Refused storage key/);
    await expect(storage.get('a//b.webp')).rejects.toThrow(/Refused storage key/);
    expect(fake.seen).toEqual([]);
  });

  it('refuses an access key without its secret, rather than silently using other credentials', () => {
    expect(() => createS3Storage({ ...settings, secretAccessKey: undefined })).toThrow(/must be set together/);
  });

  it('is what createStorage picks when S3 settings are present', async () => {
    const storage = createStorage({ dataDir: '/nonexistent', s3: settings });
    await storage.put(key, Buffer.from('via config'), 'image/webp');
    expect(fake.objects.get(key)?.body.toString()).toBe('via config');
  });
});
