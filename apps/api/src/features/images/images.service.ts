import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { imageMessages } from '@post/contracts/messages/images';
import { IMAGE_FORMATS, IMAGE_WIDTHS, MAX_IMAGE_PIXELS, imageOf, type Image, type ImageFormat } from '@post/contracts/images';
import { AppError, badRequest } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { decodeHeic } from './heic.ts';

// libvips' operation cache keeps decoded images around for reuse; a post's server processes a
// photo now and then and should give the memory back.
sharp.cache(false);

/** A photo's leading bytes say what it is; the name and the claimed type do not count. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'heif' | 'heic';

const ascii = (data: Uint8Array, from: number, to: number) => String.fromCharCode(...data.subarray(from, to));
// HEIF brands whose pictures are HEVC-coded (an iPhone's .heic). The prebuilt sharp reads their
// header but cannot decode them (HEVC is patent-encumbered, so libvips' prebuilt binaries leave
// libde265 out); heic-decode (libheif in WebAssembly) does (decision 0043). AV1-coded HEIF (AVIF)
// sharp reads itself.
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'avif', 'avis', 'miaf', 'mif2']);

/** What the bytes are, or undefined when they are not a photo this site takes. */
export function sniffImage(data: Uint8Array): SniffedType | undefined {
  if (data.length < 12) return undefined;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (ascii(data, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (ascii(data, 4, 8) === 'ftyp') {
    // The ftyp box: major brand, minor version, then compatible brands up to the box's size.
    const size = Math.min(((data[0]! << 24) | (data[1]! << 16) | (data[2]! << 8) | data[3]!) >>> 0, data.length, 256);
    const brands = [ascii(data, 8, 12)];
    for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(data, i, i + 4));
    if (HEVC_BRANDS.has(brands[0]!)) return 'heic';
    if (brands.some((b) => HEIF_BRANDS.has(b)))
      return brands.some((b) => b === 'avif' || b === 'avis') ? 'heif' : brands.some((b) => HEVC_BRANDS.has(b)) ? 'heic' : 'heif';
  }
  return undefined;
}

/** One processed file. */
export interface ImageVariant {
  width: number;
  format: ImageFormat;
  data: Buffer;
}

/** A photo made ready to serve: every width in every format, metadata gone. */
export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  widths: number[];
  variants: ImageVariant[];
  original: { data: Buffer; type: string } | null;
}

/** Where the processed files live. The database is the default (decision 0023). */
export interface ImageStore {
  /** The stored picture with this content hash, if any (an upload of the same file is not processed twice). */
  byHash(hash: string): Promise<Image | undefined>;
  /** Stores a processed photo and its files in one go; answers the picture. */
  save(image: ProcessedImage): Promise<Image>;
  /** One file's bytes, or undefined. */
  file(hash: string, width: number, format: ImageFormat): Promise<Uint8Array | undefined>;
}

/** The default store: rows in `images`, files as bytea in `image_variants`, so every node reads the same. */
export function databaseImageStore(db: DB, opts: { afterSave?: (trx: DB, image: Image) => Promise<void> } = {}): ImageStore {
  const columns = ['id', 'hash', 'width', 'height', 'widths'] as const;
  return {
    async byHash(hash) {
      const row = await db.selectFrom('images').select(columns).where('hash', '=', hash).executeTakeFirst();
      return row && imageOf(row);
    },
    async save(image) {
      return inTransaction(db, async (trx) => {
        // Two uploads of the same photo at once: the second finds the first's row.
        const row = await trx
          .insertInto('images')
          .values({
            hash: image.hash,
            width: image.width,
            height: image.height,
            widths: image.widths,
            original: image.original?.data ?? null,
            originalType: image.original?.type ?? null,
          })
          .onConflict((oc) => oc.column('hash').doNothing())
          .returning(columns)
          .executeTakeFirst();
        if (!row) return imageOf(await trx.selectFrom('images').select(columns).where('hash', '=', image.hash).executeTakeFirstOrThrow());
        for (const v of image.variants) {
          await trx.insertInto('imageVariants').values({ imageId: row.id, width: v.width, format: v.format, data: v.data }).execute();
        }
        await opts.afterSave?.(trx, imageOf(row));
        return imageOf(row);
      });
    },
    async file(hash, width, format) {
      const row = await db
        .selectFrom('imageVariants as v')
        .innerJoin('images as i', 'i.id', 'v.imageId')
        .select('v.data')
        .where('i.hash', '=', hash)
        .where('v.width', '=', width)
        .where('v.format', '=', format)
        .executeTakeFirst();
      return row?.data;
    },
  };
}

/** The widths made of a photo this wide: the standard ones below it, and its own width capped at the largest. */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  // A standard width within 10% of the largest adds bytes and no sharpness.
  return [...IMAGE_WIDTHS.filter((w) => w < largest * 0.9), largest];
}

// Encoder settings: quality for photos on phones, at low efforts, because the slower settings
// save a few percent of bytes for seconds of an upload (decision 0024).
function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  if (format === 'avif') return pipeline.avif({ quality: 50, effort: 1 });
  if (format === 'webp') return pipeline.webp({ quality: 78, effort: 3 });
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true, optimiseCoding: true });
}

/**
 * Checks and processes an upload: refuses what is not a photo (by its bytes), a corrupt file, a
 * picture of more than MAX_IMAGE_PIXELS (read from the header before any pixel is decoded, so a
 * tiny "decompression bomb" costs nothing); then applies the EXIF orientation and makes every
 * width in every format. sharp writes no metadata unless asked (no EXIF, GPS, XMP, IPTC, ICC):
 * colours are converted to sRGB first.
 *
 * Kept in the request (the form shows the upload's progress, then "Processing the photo..."), one
 * photo at a time per node (decisions 0024, 0063).
 */
export async function processImage(data: Buffer, opts: { keepOriginal: boolean }): Promise<ProcessedImage> {
  const type = sniffImage(data);
  if (!type) throw badRequest(imageMessages.notAnImage);
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' as const };
  let meta: Metadata;
  try {
    meta = await sharp(data, input).metadata();
  } catch (err) {
    throw badRequest(err instanceof Error && /pixel limit/i.test(err.message) ? imageMessages.tooManyPixels : imageMessages.corrupt);
  }
  if (!meta.width || !meta.height) throw badRequest(imageMessages.corrupt);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw badRequest(imageMessages.tooManyPixels);
  const hevc = type === 'heic' || (meta.format === 'heif' && meta.compression === 'hevc');

  // Decode, orient and shrink once to the largest width; every file is made from that.
  let base: { data: Buffer; info: OutputInfo };
  try {
    const decoded = hevc ? await decodeHeic(data, Boolean(meta.hasAlpha)) : sharp(data, input).autoOrient();
    base = await decoded
      .resize({ width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest(imageMessages.tooManyPixels);
    throw badRequest(imageMessages.corrupt);
  }
  const { width, height, channels } = base.info;
  const widths = widthsFor(width);
  const variants: ImageVariant[] = [];
  for (const w of widths) {
    for (const format of IMAGE_FORMATS) {
      const pipeline = sharp(base.data, { raw: { width, height, channels } }).resize({ width: w, withoutEnlargement: true });
      variants.push({ width: w, format, data: await encode(pipeline, format).toBuffer() });
    }
  }
  return {
    hash: createHash('sha256').update(data).digest('hex').slice(0, 20),
    width,
    height,
    widths,
    variants,
    original: opts.keepOriginal ? { data, type: `image/${type}` } : null,
  };
}

/** The content hash of an upload, as processImage names it. */
export function hashOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 20);
}

// One photo processed at a time per node: a few uploads at once queue instead of taking every
// core from the visitors' requests.
let processing: Promise<unknown> = Promise.resolve();

/** Uploads a node holds at once, the one being processed included; more answer 503 (decision 0059). */
export const MAX_PHOTOS_IN_FLIGHT = 3;
/** The Retry-After of that 503. */
export const PHOTOS_BUSY_RETRY_SECONDS = 10;
let inFlight = 0;

/**
 * Stores an upload (processed once; the same file again answers the stored picture). The queue is
 * bounded: each waiting upload holds its file in memory, so beyond it the upload is refused at once.
 */
export async function storeImage(store: ImageStore, data: Buffer, opts: { keepOriginal: boolean }): Promise<Image> {
  if (inFlight >= MAX_PHOTOS_IN_FLIGHT) throw new AppError('SERVICE_UNAVAILABLE', imageMessages.busy, PHOTOS_BUSY_RETRY_SECONDS);
  inFlight++;
  try {
    const existing = await store.byHash(hashOf(data));
    if (existing) return existing;
    const run = processing.then(() => processImage(data, opts));
    processing = run.catch(() => undefined);
    return await store.save(await run);
  } finally {
    inFlight--;
  }
}

/** Fills in `image` of rows that carry an imageId, with one query. */
export async function withImages<T extends { imageId: number | null; image: Image | null }>(db: DB, items: T[]): Promise<T[]> {
  const ids = [...new Set(items.map((i) => i.imageId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return items;
  const rows = await db.selectFrom('images').select(['id', 'hash', 'width', 'height', 'widths']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, imageOf(r)]));
  for (const item of items) item.image = item.imageId === null ? null : (byId.get(item.imageId) ?? null);
  return items;
}

/** A row's picture columns for an insert: an alt text without a picture is dropped. */
export function imageColumns(input: { imageId?: number | null; imageAlt?: string | null }) {
  return { imageId: input.imageId ?? null, imageAlt: input.imageId ? (input.imageAlt ?? null) : null };
}

/** A row's picture columns for an update: only what the request names changes. */
export function imageChanges(input: { imageId?: number | null; imageAlt?: string | null }) {
  return {
    ...(input.imageId !== undefined ? { imageId: input.imageId } : {}),
    ...(input.imageAlt !== undefined || input.imageId === null ? { imageAlt: input.imageId === null ? null : (input.imageAlt ?? null) } : {}),
  };
}

/** The database's picture constraints as the form's messages: a missing picture, a missing alt text. */
export function pictureError(err: unknown): unknown {
  const e = err as { code?: string; constraint?: string; message?: string };
  const about = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (e.code === '23503' && /image_id/.test(about)) return badRequest(imageMessages.imageNotFound);
  if (e.code === '23514' && /_image_alt/.test(about)) return badRequest(imageMessages.altRequired);
  return err;
}

/** The byte length of each picture's widest JPEG (RSS enclosures need it), by image id. */
export async function enclosureSizes(db: DB, imageIds: number[]): Promise<Map<number, number>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('imageVariants as v')
    .innerJoin('images as i', (j) => j.onRef('i.id', '=', 'v.imageId').onRef('i.width', '=', 'v.width'))
    .select(['v.imageId', sql<number>`octet_length(v.data)::int`.as('size')])
    .where('v.format', '=', 'jpeg')
    .where('v.imageId', 'in', imageIds)
    .execute();
  return new Map(rows.map((r) => [r.imageId, r.size]));
}
