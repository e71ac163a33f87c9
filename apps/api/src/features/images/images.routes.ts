import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import { imageMessages } from '@post/contracts/messages/images';
import { serverMessages } from '@post/contracts/messages/server';
import { IMAGE_EXTENSIONS, IMAGE_UPLOAD_TYPES, MAX_IMAGE_BYTES, type Image, type ImageFormat } from '@post/contracts/images';
import type { Env } from '../../env.ts';
import { AppError, sendAppError, uploadErrorHandler } from '../../errors.ts';
import { currentAdmin, staffRefusal } from '../../trpc.ts';
import { refuseStaffUpload } from '../../lib/throttle.ts';
import { databaseImageStore, storeImage, type ImageStore } from './images.service.ts';
import { auditActor, recordAudit } from '../audit/audit.ts';

// Phones and some browsers send a photo with no type or a generic one; the bytes decide anyway.
const CLAIMABLE = new Set<string>([...IMAGE_UPLOAD_TYPES, 'image/avif', 'application/octet-stream']);
const FORMAT_OF_EXTENSION = Object.fromEntries(Object.entries(IMAGE_EXTENSIONS).map(([f, ext]) => [ext, f])) as Record<string, ImageFormat>;
const CONTENT_TYPE: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const FILE_NAME = /^([0-9a-f]{20})-(\d{1,4})\.(avif|webp|jpg)$/;

/** POST /api/admin/images: the photo as the raw body, its type as Content-Type (like the member-resource upload). */
export async function imageUploadRoutes(app: FastifyInstance, deps: { db: DB; env: Env; store?: ImageStore }): Promise<void> {
  const { db } = deps;
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler(uploadErrorHandler(imageMessages.tooLarge, 'image upload'));
    scope.post(
      '/api/admin/images',
      {
        bodyLimit: MAX_IMAGE_BYTES,
        // Refused before the body is read: no session, a type that is not a photo's, a declared size over the limit.
        onRequest: async (req, reply) => {
          {
            const refused = await staffRefusal({ db, req }, 'staff');
            if (refused.status) return reply.code(refused.status).send({ message: refused.message });
            if (await refuseStaffUpload(db, refused.user.id, reply)) return reply;
          }
          const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          if (!CLAIMABLE.has(type)) return reply.code(415).send({ message: imageMessages.typeNotAllowed });
          if (Number(req.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES) return reply.code(413).send({ message: imageMessages.tooLarge });
        },
      },
      async (req, reply) => {
        const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (data.byteLength === 0) return reply.code(400).send({ message: imageMessages.empty });
        try {
          const admin = await currentAdmin({ db, req });
          if (!admin) return reply.code(401).send({ message: serverMessages.adminRequired });
          // A new photo is recorded with its stored rows (its size and type, never its bytes); the
          // same photo uploaded again stores nothing and records nothing.
          const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          const afterSave = (trx: DB, image: Image) =>
            recordAudit(trx, auditActor({ req }, admin), {
              entity: 'image',
              entityId: image.id,
              action: 'create',
              changes: { file: { old: null, new: `${type}, ${data.byteLength} bytes, ${image.width}×${image.height}` } },
            });
          const store = deps.store ?? databaseImageStore(db, { afterSave });
          return reply.send(await storeImage(store, data, { keepOriginal: deps.env.imagesKeepOriginal }));
        } catch (err) {
          if (err instanceof AppError) return sendAppError(reply, err);
          throw err;
        }
      },
    );
  });
}

/**
 * GET /images/{hash}-{width}.{avif|webp|jpg}: a processed file. Its name holds the hash of the
 * upload, so the bytes behind a name never change: cached for a year, immutable, with an ETag
 * for the revalidations browsers still send.
 */
export async function imageFileRoutes(app: FastifyInstance, deps: { db: DB; store?: ImageStore }): Promise<void> {
  const store = deps.store ?? databaseImageStore(deps.db);
  app.get<{ Params: { file: string } }>('/images/:file', async (req, reply) => {
    const m = FILE_NAME.exec(req.params.file);
    const notFound = () =>
      reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .send({ message: serverMessages.notFound('Image') });
    if (!m) return notFound();
    const [, hash, width, ext] = m;
    const format = FORMAT_OF_EXTENSION[ext!]!;
    const etag = `"${hash}-${width}-${ext}"`;
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).headers(headers).send();
    const data = await store.file(hash!, Number(width), format);
    if (!data) return notFound();
    return reply
      .headers(headers)
      .header('Content-Type', CONTENT_TYPE[format])
      .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
}

/** Adds the raw-body photo upload (not a procedure, so the generator does not see it) to the OpenAPI document. */
export function withImageUpload<T extends { paths?: Record<string, unknown> }>(doc: T): T {
  const list = { type: 'array', items: { type: 'object', properties: { width: { type: 'integer' }, url: { type: 'string' } }, required: ['width', 'url'] } };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
  });
  doc.paths = {
    ...doc.paths,
    '/admin/images': {
      post: {
        tags: ['Images'],
        summary: 'Upload a photo (JPEG, PNG, WebP or AV1 HEIF, at most 15 MB) as the raw body with its Content-Type',
        description:
          "The server applies the EXIF orientation, removes all metadata (EXIF, GPS, XMP) and makes widths 480, 960 and 1600 (never wider than the photo) as AVIF, WebP and JPEG, served at /images/{hash}-{width}.{avif|webp|jpg} with immutable caching. Set the answer's id as imageId (with imageAlt) on a news item, event or community engagement. The same file uploaded again answers the same picture.",
        security: [{ Authorization: [] }],
        requestBody: {
          required: true,
          content: Object.fromEntries([...CLAIMABLE].map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
        },
        responses: {
          200: {
            description: 'The stored picture',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    width: { type: 'integer' },
                    height: { type: 'integer' },
                    urls: { type: 'object', properties: { avif: list, webp: list, jpeg: list }, required: ['avif', 'webp', 'jpeg'] },
                  },
                  required: ['id', 'width', 'height', 'urls'],
                },
              },
            },
          },
          400: error('Not a photo, damaged, empty, or more than 50 megapixels'),
          401: error('Not signed in as an administrator'),
          413: error('Over 15 MB'),
          415: error('A claimed type that is not a photo'),
        },
      },
    },
  };
  return doc;
}
