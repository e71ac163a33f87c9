import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from '@post/contracts/images';

/** Where heic-decode is installed, resolved here so the decoding thread finds it from src/ and from dist/. */
export const HEIC_DECODER = createRequire(import.meta.url).resolve('heic-decode');

// The decoding thread's whole program: libheif decodes synchronously, so in the server's own thread
// an iPhone photo would stall every other request while it decodes (decision 0068).
const DECODE_IN_THREAD = `const { parentPort, workerData } = require('node:worker_threads');
require(workerData.decoder)({ buffer: workerData.buffer }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }, [data.buffer]),
  (err) => parentPort.postMessage({ error: String((err && err.message) || err) }),
);`;

interface Decoded {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Decodes in a thread of its own that ends with the decode, so libheif's memory goes back too. */
function decodeInThread(data: Buffer): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DECODE_IN_THREAD, { eval: true, workerData: { decoder: HEIC_DECODER, buffer: data } });
    worker.once('message', (m: Decoded | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the HEIC decoder stopped (exit code ${code})`)));
  });
}

/**
 * Decodes an HEVC-coded HEIC/HEIF photo with libheif (heic-decode, WebAssembly: no native build),
 * which applies the file's rotation and mirroring (HEIF keeps orientation in its own boxes, not
 * in EXIF). Only pixels come out: EXIF, GPS and XMP stay behind. Called after the header's pixel
 * count was checked.
 */
export async function decodeHeic(data: Buffer, hasAlpha: boolean): Promise<Sharp> {
  const { width, height, data: rgba } = await decodeInThread(data);
  if (width * height > MAX_IMAGE_PIXELS) throw new Error('Input image exceeds pixel limit');
  const pixels = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width, height, channels: 4 },
    limitInputPixels: MAX_IMAGE_PIXELS,
  });
  return hasAlpha ? pixels : pixels.removeAlpha();
}
