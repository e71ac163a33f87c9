import { z } from './zod.ts';
import { Id, optionalText } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { imageMessages } from './messages/images.ts';

/** Largest photo an administrator may upload (a phone's photo is 2-8 MB). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Largest picture decoded, in pixels: a 48 MP phone photo fits; a "decompression bomb" does not. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Widths the server makes of each photo (never wider than the photo itself). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
/** Formats the server makes, best first: the browser takes the first it supports. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** File extension of each format in an image URL. */
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
/** Types an upload may claim (the server checks the bytes, not the claim). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
/** The `accept` attribute of a photo file input. */
export const IMAGE_ACCEPT = `${IMAGE_UPLOAD_TYPES.join(',')},.jpg,.jpeg,.png,.webp,.heic,.heif`;

/** What to write as a picture's text alternative (shown beside the field). */
export const IMAGE_ALT_HINT =
  'Say what the photo shows, as you would on the phone: who, doing what, where. For example: "Members hand out flags at the Memorial Day parade on Main Street."';

/** One processed file of a picture. */
export const ImageUrlSchema = z.object({ width: z.number().int(), url: z.string() });
/** An uploaded picture: its size (of the largest file) and the URLs of its files, per format, narrowest first. */
export const ImageSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  urls: z.object({ avif: z.array(ImageUrlSchema), webp: z.array(ImageUrlSchema), jpeg: z.array(ImageUrlSchema) }),
});
export type Image = z.infer<typeof ImageSchema>;

/** The URL path of one processed file: named by content hash, so it can be cached for ever. */
export function imagePath(hash: string, width: number, format: ImageFormat): string {
  return `/images/${hash}-${width}.${IMAGE_EXTENSIONS[format]}`;
}

/** The picture a row carries, from its stored hash and widths. */
export function imageOf(row: { id: number; hash: string; width: number; height: number; widths: number[] }): Image {
  const list = (format: ImageFormat) => row.widths.map((width) => ({ width, url: imagePath(row.hash, width, format) }));
  return { id: row.id, width: row.width, height: row.height, urls: { avif: list('avif'), webp: list('webp'), jpeg: list('jpeg') } };
}

/**
 * The picture fields of news items, events and engagements. Left out of an update, the picture
 * stays as it is (clients from before pictures keep working); `imageId: null` removes it.
 */
export const imageFields = {
  imageId: Id.nullable().optional(),
  imageAlt: optionalText(500).optional(),
};
/** The fields a row with a picture shows: the id, its alt text and the picture itself. */
export const imageOutputFields = {
  imageId: z.number().int().nullable(),
  imageAlt: z.string().nullable(),
  image: ImageSchema.nullable(),
};

/** A picture set in the same request needs its alt text (checked again in the database). */
export function altGivenWithImage(v: { imageId?: number | null; imageAlt?: string | null }): boolean {
  return v.imageId == null || !!v.imageAlt;
}
/** The refinement's options: the message on the alt text field. */
export const altRequiredIssue = { message: imageMessages.altRequired, path: ['imageAlt'] };

/** The path of a picture's widest JPEG (og:image, RSS enclosures). */
export function largestJpegPath(image: Image): string {
  return image.urls.jpeg[image.urls.jpeg.length - 1]!.url;
}

/**
 * A form's picture: the uploaded image (already stored) and its text alternative. Kept in the
 * form's values, so the form's draft keeps it when the form is left and restored (issue 22:
 * nothing typed is lost) and choosing a photo counts as a change.
 */
export const FormPictureSchema = z
  .object({ image: ImageSchema.nullable(), alt: z.string().trim().max(500, formMessages.tooLong(500)) })
  .refine((p) => p.image === null || p.alt !== '', { message: imageMessages.altRequired, path: ['alt'] });
export type FormPicture = z.infer<typeof FormPictureSchema>;
/** A form's picture when there is none. */
export const NO_PICTURE: FormPicture = { image: null, alt: '' };
