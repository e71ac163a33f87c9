import jsQR from 'jsqr';

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

let detector: Detector | null | undefined;

/** The browser's own QR reader where it has one (not Chromium on Linux, not Firefox). */
function nativeDetector(): Detector | null {
  if (detector !== undefined) return detector;
  const Ctor = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  detector = Ctor ? new Ctor({ formats: ['qr_code'] }) : null;
  return detector;
}

/**
 * The text of the QR code in a picture (a video frame or a photo), or null: BarcodeDetector
 * where it exists, else jsQR on the pixels (decision 0066). Nothing leaves the phone.
 */
export async function decodeQr(
  source: CanvasImageSource & { width?: number; height?: number },
  width: number,
  height: number,
  canvas: HTMLCanvasElement,
): Promise<string | null> {
  const native = nativeDetector();
  if (native) {
    try {
      const found = await native.detect(source);
      if (found[0]) return found[0].rawValue;
      return null;
    } catch {
      // Fall through to jsQR.
    }
  }
  if (!width || !height) return null;
  // Large photos are scaled down: jsQR's time grows with the pixels, a code needs few.
  const scale = Math.min(1, 1000 / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}
