import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type FileStorage } from '#server/integrations/storage/storage.js';
import { registerErrorHandler } from '#server/plugins/error-handler.js';
import { registerSecurityHeaders } from '#server/plugins/security-headers.js';
import { readMultipart, registerMultipart } from '#server/plugins/multipart.js';
import { imageUploadMaxBytes, processImageUpload, storeImage } from '#server/integrations/storage/image-upload.js';
import { uploadsRoutes } from './uploads.routes.js';

// The upload pieces as app.ts wires them (after helmet, whose headers the upload route must
// override), on disk storage in a temporary DATA_DIR, plus one route that reads an upload the way
// feature routes do. No database: nothing here touches one.
let app: FastifyInstance;
let dataDir: string;
let storage: FileStorage;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'finishline-uploads-'));
  storage = createStorage({ dataDir, s3: undefined });
  app = Fastify({ logger: false, forceCloseConnections: 'idle' });
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await registerMultipart(app);
  uploadsRoutes(app, storage);
  app.post('/test/screenshot', async (request, reply) => {
    const { fields, file } = await readMultipart(request, { fileField: 'image', maxBytes: imageUploadMaxBytes, maxFiles: 1 });
    if (!file) return { fields, file: null };
    const processed = await processImageUpload(file.buffer, { allowed: ['png', 'jpeg', 'gif'], maxBytes: imageUploadMaxBytes });
    const stored = await storeImage(storage, processed, 'screenshots');
    return reply.status(201).send({ fields, ...stored, filename: file.filename, mimetype: file.mimetype });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function multipart(form: FormData) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
async function post(form: FormData) {
  return app.inject({ method: 'POST', url: '/test/screenshot', ...(await multipart(form)) });
}
const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const file = (bytes: Buffer, type = 'image/png') => new Blob([new Uint8Array(bytes)], { type });

describe('uploading and serving a screenshot', () => {
  it('stores the re-encoded image and serves it with safe headers', async () => {
    const form = new FormData();
    form.append('projectData', JSON.stringify({ name: 'Half-built app' }));
    form.append('image', file(await png()), 'shot.png');
    const response = await post(form);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ fields: { projectData: '{"name":"Half-built app"}' }, filename: 'shot.png', mimetype: 'image/png' });
    expect(body.url).toMatch(/^\/uploads\/screenshots\/[0-9a-f-]{36}\.webp$/);

    const served = await app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });

    const head = await app.inject({ method: 'HEAD', url: body.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it.each([
    '/uploads/screenshots/not-generated.webp',
    '/uploads/screenshots/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.png',
    '/uploads/other/0b6f7a8e-6a43-4d56-9f0e-2a8f4c1d9e11.webp',
    '/uploads/screenshots/..%2F..%2Fsecret.webp',
    '/uploads/../package.json',
    `/uploads/screenshots/${randomUUID()}.webp`,
  ])('answers 404 for %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toBe('image/webp');
  });

  it('refuses text declared as image/png by its bytes', async () => {
    const form = new FormData();
    form.append('image', file(Buffer.from('just some text, not a picture')), 'cat.png');
    const response = await post(form);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Use a PNG, JPEG or GIF image' });
  });

  it('refuses a file over the limit with 413', async () => {
    const form = new FormData();
    form.append('image', file(Buffer.alloc(imageUploadMaxBytes + 1, 1)), 'big.png');
    const response = await post(form);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The image must be 5 MB or smaller' });
  });

  it('accepts a file of exactly the limit (it then fails as an image, not on size)', async () => {
    const bytes = Buffer.concat([await png(), Buffer.alloc(imageUploadMaxBytes)]).subarray(0, imageUploadMaxBytes);
    const form = new FormData();
    form.append('image', file(bytes), 'exact.png');
    const response = await post(form);
    expect(response.json().code).not.toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a second file', async () => {
    const form = new FormData();
    form.append('image', file(await png()), 'a.png');
    form.append('image', file(await png()), 'b.png');
    const response = await post(form);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Too many files' });
  });

  it('refuses a file in a field it does not expect', async () => {
    const form = new FormData();
    form.append('avatar', file(await png()), 'a.png');
    const response = await post(form);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: "Unexpected file field 'avatar'" });
  });

  it('treats an empty file input as no file', async () => {
    // What a browser sends for a form whose file input was left empty.
    const payload = [
      '--b',
      'Content-Disposition: form-data; name="name"',
      '',
      'x',
      '--b',
      'Content-Disposition: form-data; name="image"; filename=""',
      'Content-Type: application/octet-stream',
      '',
      '',
      '--b--',
      '',
    ].join('\r\n');
    const response = await app.inject({ method: 'POST', url: '/test/screenshot', headers: { 'content-type': 'multipart/form-data; boundary=b' }, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ fields: { name: 'x' }, file: null });
  });

  it('refuses an over-long field and a repeated field', async () => {
    const long = new FormData();
    long.append('projectData', 'x'.repeat(100 * 1024 + 1));
    expect((await post(long)).json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: "Field 'projectData' is larger than 102400 bytes" });
    const twice = new FormData();
    twice.append('name', 'a');
    twice.append('name', 'b');
    expect((await post(twice)).json()).toEqual({ code: 'VALIDATION_FAILED', message: "Field 'name' is sent more than once" });
  });

  it('refuses a body that is not multipart, and a broken one', async () => {
    const json = await app.inject({ method: 'POST', url: '/test/screenshot', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    const broken = await app.inject({
      method: 'POST',
      url: '/test/screenshot',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('VALIDATION_FAILED');
  });

  it('cuts a 50 MB upload off at the limit instead of reading it all', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const boundary = 'finishline-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const total = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;

    const result = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/test/screenshot',
        agent: false,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + total + boundary.length + 8 },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body, sent });
          req.destroy();
        });
      });
      req.on('error', (error) => (sent < total ? undefined : reject(error)));
      req.write(head);
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });

    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The image must be 5 MB or smaller' });
    // The answer came long before the client had sent everything.
    expect(result.sent).toBeLessThan(total / 2);
  });
});
