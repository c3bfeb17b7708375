// bench/upload-impact.ts's uploader, in its own process so that building and sending 10 MB bodies
// never delays the benchmark's measured requests (in one process the bench's own event-loop delay
// p99 reached 130 ms).
//
//   node --import tsx bench/upload-impact-sender.ts <origin> <bidId> <cookie>
//
// Builds a 10 MB zip (one stored entry of random bytes) and a PNG of noise just under 10 MB, sends
// {type: 'ready', sizes}, then on {type: 'start', kind} posts messages with that file attached back
// to back until {type: 'stop'}, and answers {type: 'done', uploadMs} with each upload's duration.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { attachmentMaxBytes } from '#shared/domain/attachments.js';

export type UploadKind = 'zip' | 'png';
export type SenderMessage = { type: 'ready'; sizes: Record<UploadKind, number> } | { type: 'done'; uploadMs: number[] } | { type: 'failed'; error: string };

/** A zip with one stored (uncompressed) entry of random bytes, `total` bytes in all. */
function randomZip(total: number): Buffer {
  const name = Buffer.from('build.bin');
  const dataSize = total - 30 - 46 - 22 - 2 * name.length;
  const data = Buffer.alloc(dataSize);
  for (let offset = 0; offset < dataSize; offset += 65_536) crypto.getRandomValues(data.subarray(offset, Math.min(dataSize, offset + 65_536)));
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x21, 12); // 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(dataSize, 18);
  local.writeUInt32LE(dataSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(dataSize, 20);
  central.writeUInt32LE(dataSize, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + dataSize, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A PNG of random noise just under `maxBytes` (noise does not compress: the worst case for sharp). */
async function noisePng(maxBytes: number): Promise<Buffer> {
  for (let side = 1860; ; side -= 20) {
    const pixels = Buffer.alloc(side * side * 3);
    for (let offset = 0; offset < pixels.length; offset += 65_536) crypto.getRandomValues(pixels.subarray(offset, Math.min(pixels.length, offset + 65_536)));
    const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    if (png.length <= maxBytes) return png;
  }
}

/** Posts one message with `file` attached; answers the milliseconds it took. */
async function upload(origin: string, bidId: number, cookie: string, file: { blob: Blob; name: string }): Promise<number> {
  const form = new FormData();
  form.append('content', 'The build, as promised.');
  form.append('files', file.blob, file.name);
  const start = performance.now();
  const response = await fetch(`${origin}/api/bids/${bidId}/messages`, { method: 'POST', headers: { cookie, origin }, body: form });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`upload of ${file.name} failed: ${response.status} ${body}`);
  return performance.now() - start;
}

const [origin, bidId, cookie] = process.argv.slice(2);
if (!origin || !bidId || !cookie || !process.send) {
  console.error('usage (spawned with an IPC channel): upload-impact-sender.ts <origin> <bidId> <cookie>');
  process.exit(2);
}
/** BENCH_UPLOAD_GAP_MS: a pause after each upload (default 0: back to back). */
const gapMs = Number(process.env.BENCH_UPLOAD_GAP_MS ?? 0);
const send = (message: SenderMessage) => process.send!(message);
// Blobs made once: each upload sends the same bytes without copying them again.
const files: Record<UploadKind, { blob: Blob; name: string }> = {
  zip: { blob: new Blob([new Uint8Array(randomZip(attachmentMaxBytes))], { type: 'application/zip' }), name: 'build.zip' },
  png: { blob: new Blob([new Uint8Array(await noisePng(attachmentMaxBytes))], { type: 'image/png' }), name: 'screen.png' },
};
let running: { isStopped: boolean; loop: Promise<number[]> } | undefined;
process.on('message', (message: { type: 'start'; kind: UploadKind } | { type: 'stop' }) => {
  if (message.type === 'start') {
    const state = { isStopped: false, loop: Promise.resolve<number[]>([]) };
    state.loop = (async () => {
      const uploadMs: number[] = [];
      while (!state.isStopped) {
        uploadMs.push(await upload(origin, Number(bidId), cookie, files[message.kind]));
        if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
      return uploadMs;
    })();
    running = state;
  } else if (running) {
    // The upload under way at the stop is finished and counted (uploads/s may be over by one per window).
    const state = running;
    running = undefined;
    state.isStopped = true;
    void state.loop.then(
      (uploadMs) => send({ type: 'done', uploadMs }),
      (error: unknown) => send({ type: 'failed', error: String(error) }),
    );
  }
});
process.once('disconnect', () => process.exit(0));
send({ type: 'ready', sizes: { zip: files.zip.blob.size, png: files.png.blob.size } });
