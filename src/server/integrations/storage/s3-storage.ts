import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '#server/config.js';
import { assertSafeStorageKey } from './storage-key.js';
import type { FileStorage } from './storage.js';

export type S3Settings = NonNullable<Config['s3']>;

function credentialsOf(settings: S3Settings) {
  const { accessKeyId, secretAccessKey } = settings;
  if (accessKeyId && secretAccessKey) return { accessKeyId, secretAccessKey };
  if (accessKeyId || secretAccessKey) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the default credential chain)');
  }
  // undefined: the SDK's default chain (AWS_* variables, shared profile, container or instance role).
  return undefined;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** 404 NoSuchKey; a 404 for a missing bucket is a misconfiguration and must surface. */
function isMissingKey({ S3ServiceException }: S3Sdk, error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // Some S3-compatible stores answer a bare 404 without an error document.
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}

/** Objects in one bucket of AWS S3 or an S3-compatible store (MinIO, R2, ...), one object per key. */
export function createS3Storage(settings: S3Settings, client?: S3Client): FileStorage {
  const credentials = client ? undefined : credentialsOf(settings);
  // The SDK loads with the first request, not with the server: it is a large module graph, and
  // only deployments with S3_BUCKET need it (docs/decisions/032-initial-load-and-cold-start.md).
  let connection: Promise<{ sdk: S3Sdk; s3: S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3:
        client ??
        new sdk.S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials,
          // A stalled store must fail the upload, not hold the request open.
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
          // Many S3-compatible stores reject the CRC32 checksum headers the SDK adds by default.
          ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
        }),
    })));
  const Bucket = settings.bucket;

  return {
    async put(key, body, contentType) {
      assertSafeStorageKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },

    async putFile(key, filePath, contentType) {
      assertSafeStorageKey(key);
      const { sdk, s3 } = await connect();
      const { size } = await stat(filePath);
      await s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: createReadStream(filePath), ContentType: contentType, ContentLength: size }));
    },

    async get(key) {
      assertSafeStorageKey(key);
      const { sdk, s3 } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          // In Node the SDK's body is an http.IncomingMessage (a Readable) with helper methods mixed in.
          body: object.Body as NodeJS.ReadableStream,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength,
        };
      } catch (error) {
        if (isMissingKey(sdk, error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeStorageKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async signedUrl(key, options) {
      assertSafeStorageKey(key);
      const { sdk, s3 } = await connect();
      // Signing is local: no request reaches the store until the browser follows the URL.
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(s3, command, { expiresIn: options.expiresInSeconds });
    },
  };
}
