import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/app-error.js';
import type { ImageFormat } from '#shared/domain/uploads.js';
import { imageUploadMaxBytes, processImageUpload, storeImage, uploadKeyPattern } from './image-upload.js';

const allowed: ImageFormat[] = ['png', 'jpeg', 'gif', 'webp'];
const screenshot = { allowed, maxBytes: imageUploadMaxBytes };

function base(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('processImageUpload', () => {
  it.each([
    ['png', () => base().png().toBuffer()],
    ['jpeg', () => base().jpeg().toBuffer()],
    ['gif', () => base().gif().toBuffer()],
    ['webp', () => base().webp().toBuffer()],
  ] as const)('re-encodes a real %s as WebP of the same size', async (_format, make) => {
    const processed = await processImageUpload(await make(), screenshot);
    expect(processed).toMatchObject({ contentType: 'image/webp', extension: 'webp' });
    const meta = await sharp(processed.buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('turns a JPEG upright by its EXIF orientation and drops every metadata block', async () => {
    const jpeg = await base(80, 40)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'uploader' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withIccProfile('p3')
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);

    const processed = await processImageUpload(jpeg, screenshot);
    const meta = await sharp(processed.buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the stored pixels are portrait.
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(processed.buffer.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('flattens an animated GIF to its first frame', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all(['#00ff00', '#0000ff', '#ff0000'].map(frame));
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);

    const processed = await processImageUpload(gif, screenshot);
    const meta = await sharp(processed.buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 20, height: 20 });
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(processed.buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = data;
    expect(g).toBeGreaterThan(200);
    expect(r! + b!).toBeLessThan(60);
  });

  it('caps the longest side of a screenshot at 2000 pixels, keeping the aspect ratio', async () => {
    const processed = await processImageUpload(await base(3000, 1500).png().toBuffer(), screenshot);
    expect(await sharp(processed.buffer).metadata()).toMatchObject({ width: 2000, height: 1000 });
  });

  it('center-crops to a square thumbnail with the square option', async () => {
    const processed = await processImageUpload(await base(640, 300).jpeg().toBuffer(), { ...screenshot, square: 256 });
    expect(await sharp(processed.buffer).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('refuses a text file named .png and declared image/png, by its bytes', async () => {
    const spoof = Buffer.from('I am not an image, whatever my name (cat.png) and mimetype (image/png) say.\n');
    const error = await refusal(processImageUpload(spoof, screenshot));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, message: 'Use a PNG, JPEG, GIF or WebP image' });
  });

  it('refuses an SVG, even one sharp could render', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const error = await refusal(processImageUpload(svg, screenshot));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Use a PNG, JPEG, GIF or WebP image' });
  });

  it('refuses an image format outside the allowed list, naming the list', async () => {
    const error = await refusal(processImageUpload(await base().webp().toBuffer(), { allowed: ['png', 'jpeg', 'gif'], maxBytes: 1000 }));
    expect(error.message).toBe('Use a PNG, JPEG or GIF image');
    const tiff = await base().tiff().toBuffer();
    expect((await refusal(processImageUpload(tiff, screenshot))).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a buffer over the limit', async () => {
    const png = await base().png().toBuffer();
    const oversized = Buffer.concat([png, Buffer.alloc(imageUploadMaxBytes + 1 - png.length)]);
    const error = await refusal(processImageUpload(oversized, screenshot));
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'The image must be 5 MB or smaller' });
  });

  it('refuses a corrupt PNG whose signature is valid', async () => {
    // The 8-byte signature and the IHDR chunk (33 bytes) of a real PNG, then garbage where IDAT should be.
    const png = await base().png().toBuffer();
    const corrupt = Buffer.concat([png.subarray(0, 33), Buffer.from('garbage instead of image data '.repeat(20))]);
    const error = await refusal(processImageUpload(corrupt, screenshot));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: 'The image could not be read' });
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await base(400, 400).jpeg().toBuffer();
    const error = await refusal(processImageUpload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), screenshot));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The image could not be read' });
  });

  it('refuses a decompression bomb: a small PNG declaring more pixels than the limit', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(imageUploadMaxBytes);
    const error = await refusal(processImageUpload(bomb, screenshot));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The image could not be read' });
    expect(String(error.cause)).toMatch(/pixel limit/);
  });
});

describe('storeImage', () => {
  it('stores under a generated name and answers its key and path', async () => {
    const puts: [string, Buffer, string][] = [];
    const storage = {
      put: async (key: string, body: Buffer, contentType: string) => void puts.push([key, body, contentType]),
      putFile: async () => {},
      get: async () => null,
      delete: async () => {},
    };
    const processed = await processImageUpload(await base().png().toBuffer(), screenshot);
    const stored = await storeImage(storage, processed, 'screenshots');
    expect(stored.key).toMatch(uploadKeyPattern);
    expect(stored.key.startsWith('screenshots/')).toBe(true);
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    expect(puts).toEqual([[stored.key, processed.buffer, 'image/webp']]);
  });
});
