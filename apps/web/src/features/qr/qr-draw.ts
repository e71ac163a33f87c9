import { QR_ERROR_CORRECTION, QR_SIZE } from '@post/contracts/rules/qr';

type QrLibrary = typeof import('qrcode');

/** A drawn code: a 300 x 300 PNG for the screen and the download, an SVG for sharp printing. */
export type QrDrawing = { data: string; ok: true; png: string; svg: string } | { data: string; ok: false; reason: 'tooLong' | 'failed' };

let library: Promise<QrLibrary> | undefined;

/**
 * The `qrcode` package, loaded on first use as its own chunk from this site, so it stays out
 * of the main bundle and nothing is fetched from any other host. A failed load is retried
 * on the next call.
 */
function loadLibrary(): Promise<QrLibrary> {
  library ??= import('qrcode').then(
    (m) => ((m as { default?: QrLibrary }).default ?? m) as QrLibrary,
    (error: unknown) => {
      library = undefined;
      throw error;
    },
  );
  return library;
}

const MARGIN = 4;
const OPTIONS = {
  errorCorrectionLevel: QR_ERROR_CORRECTION,
  margin: MARGIN,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/**
 * Draws `data` as a QR code (error correction M, black on white, 4-module quiet zone), in the
 * browser. The PNG is exactly QR_SIZE pixels square, with every module the same whole number
 * of pixels, centred on white: stretching the code to fill the square would make modules of
 * uneven widths, which scanners read less reliably (dense codes failed to decode that way).
 */
export async function drawQr(data: string): Promise<QrDrawing> {
  try {
    const qr = await loadLibrary();
    const modules = qr.create(data, { errorCorrectionLevel: QR_ERROR_CORRECTION }).modules.size;
    const scale = Math.max(1, Math.floor(QR_SIZE / (modules + 2 * MARGIN)));
    const code = document.createElement('canvas');
    const [, svg] = await Promise.all([qr.toCanvas(code, data, { ...OPTIONS, scale }), qr.toString(data, { ...OPTIONS, type: 'svg' })]);
    const canvas = document.createElement('canvas');
    canvas.width = QR_SIZE;
    canvas.height = QR_SIZE;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.fillStyle = OPTIONS.color.light;
    ctx.fillRect(0, 0, QR_SIZE, QR_SIZE);
    ctx.imageSmoothingEnabled = false;
    const offset = Math.floor((QR_SIZE - code.width) / 2);
    ctx.drawImage(code, offset, offset);
    return { data, ok: true, png: canvas.toDataURL('image/png'), svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
  } catch (error) {
    // More than a QR code holds (about 2,300 bytes at level M): the visitor's to fix, not a fault.
    if (error instanceof Error && /too big/i.test(error.message)) return { data, ok: false, reason: 'tooLong' };
    // Spec §8: drawing failures are logged; the page also says what happened.
    console.error('QR code could not be drawn', error);
    return { data, ok: false, reason: 'failed' };
  }
}
