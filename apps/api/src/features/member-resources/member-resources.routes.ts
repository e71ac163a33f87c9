import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '@post/db';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { serverMessages } from '@post/contracts/messages/server';
import { ALLOWED_UPLOAD_TYPES, CreateMemberResourceInput, MAX_UPLOAD_BYTES, uploadTypeOf } from '@post/contracts/member-resources';
import type { Env } from '../../env.ts';
import { AppError, uploadErrorHandler } from '../../errors.ts';
import { currentAdmin, currentMember, staffRefusal } from '../../trpc.ts';
import { refuseStaffUpload } from '../../lib/throttle.ts';
import { countDownload, createResourceWithFile, resourceById, resourceFile, storeResourceFile } from './member-resources.service.ts';
import { audited, diffFields } from '../audit/audit.ts';
import type { AuditChanges } from '@post/db';

/** An uploaded file as the audit log keeps it: name, type and size, never the bytes. */
function fileChange(file: { fileName: string; mimeType: string; data: Uint8Array }): AuditChanges {
  return { file: { old: null, new: `${file.fileName} (${file.mimeType}, ${file.data.byteLength} bytes)` } };
}

// Room for the form's fields and part headers beside the largest file.
const FORM_OVERHEAD = 64 * 1024;

type UploadType = keyof typeof ALLOWED_UPLOAD_TYPES;

const startsWith = (data: Uint8Array, bytes: number[]) => bytes.every((b, i) => data[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Whether the file's leading bytes fit the type it claims (a renamed program is refused). */
export function contentFitsType(type: UploadType, data: Uint8Array): boolean {
  switch (type) {
    case 'application/pdf':
      return startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
    case 'image/png':
      return startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(data, [0xff, 0xd8, 0xff]);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return startsWith(data, ZIP);
    case 'application/msword':
    case 'application/vnd.ms-excel':
      return startsWith(data, OLE);
    case 'text/plain':
    case 'text/csv':
      // Text has no NUL bytes; a binary file sent as text has plenty.
      return !data.subarray(0, 8192).includes(0);
  }
}

function parseId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 && n <= 2147483647 ? n : undefined;
}

function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A file name safe to store and send back: no path, no control, bidirectional or quote characters, the type's extension. */
export function safeFileName(raw: string | undefined, type: UploadType, id: number): string {
  const base = (raw ?? '').split(/[\\/]/).pop()!;
  let name = base
    // Bidirectional controls too: U+202E would show "exe.pdf" as "fdp.exe" (decision 0081).
    .replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, 200);
  if (!name || name.startsWith('.')) name = `resource-${id}`;
  if (uploadTypeOf(name) !== type) name += ALLOWED_UPLOAD_TYPES[type];
  return name;
}

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(reply: FastifyReply, file: { fileName: string; mimeType: string; data: Uint8Array }) {
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
}

/**
 * Non-JSON member resource routes: the member's download (counted, then a redirect to the link or
 * the uploaded file), and the administrator's upload and view of a resource's file.
 */
export async function memberResourcesRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  const { db } = deps;

  // GET /api/member/resources/{id}/download: the same rule as the list (404 when not for this
  // member), one download counted atomically, then a 302 to the link or the file itself.
  app.get<{ Params: { id: string } }>('/api/member/resources/:id/download', async (req, reply) => {
    const member = await currentMember({ db, req });
    if (!member) return reply.code(401).send({ message: serverMessages.memberRequired });
    const id = parseId(req.params.id);
    // A download the browser says another site started is served but not counted, so links
    // or images elsewhere cannot inflate the count; every other one counts, atomically.
    const count = req.headers['sec-fetch-site'] !== 'cross-site';
    const counted = id === undefined ? undefined : await countDownload(db, member, id, count);
    if (!counted) return reply.code(404).send({ message: serverMessages.notFound('Resource') });
    const file = await resourceFile(db, id!);
    if (file) return sendFile(reply, file);
    if (counted.resourceUrl) return reply.header('Cache-Control', 'no-store').redirect(counted.resourceUrl, 302);
    // The file was removed between the count and now.
    return reply.code(404).send({ message: serverMessages.notFound('Resource') });
  });

  // GET /api/admin/member-resources/{id}/file: an administrator checks an uploaded file (not counted).
  app.get<{ Params: { id: string } }>('/api/admin/member-resources/:id/file', async (req, reply) => {
    {
      const refused = await staffRefusal({ db, req }, 'staff');
      if (refused.status) return reply.code(refused.status).send({ message: refused.message });
    }
    const id = parseId(req.params.id);
    const file = id === undefined ? undefined : await resourceFile(db, id);
    if (!file) return reply.code(404).send({ message: serverMessages.notFound('File') });
    return sendFile(reply, file);
  });

  // PUT /api/admin/member-resources/{id}/file?name=<file name>: the raw file as the body, its type as
  // Content-Type. Checked before the body is read: session, type, declared size.
  await app.register(async (scope) => {
    // Fastify's own text/plain and JSON parsers would win over the catch-all (a text file then
    // arrived as a string, and was answered "The file is empty."): every type is raw bytes here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler(uploadErrorHandler(memberResourceMessages.uploadTooLarge, 'upload'));
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + FORM_OVERHEAD }, (_req, body, done) =>
      done(null, body),
    );

    // POST /api/admin/member-resources/with-file: a new resource and its file in one request
    // (multipart/form-data: `resource`, the fields as JSON; `file`, the file), stored together or
    // not at all (issue 23 #6). Parsed by the platform's own FormData (undici), no extra library.
    scope.post(
      '/api/admin/member-resources/with-file',
      {
        bodyLimit: MAX_UPLOAD_BYTES + FORM_OVERHEAD,
        onRequest: async (req, reply) => {
          {
            const refused = await staffRefusal({ db, req }, 'staff');
            if (refused.status) return reply.code(refused.status).send({ message: refused.message });
            if (await refuseStaffUpload(db, refused.user.id, reply)) return reply;
          }
          if (mediaType(req) !== 'multipart/form-data') return reply.code(415).send({ message: memberResourceMessages.uploadTypeNotAllowed });
          const declared = Number(req.headers['content-length'] ?? 0);
          if (declared > MAX_UPLOAD_BYTES + FORM_OVERHEAD) return reply.code(413).send({ message: memberResourceMessages.uploadTooLarge });
        },
      },
      async (req, reply) => {
        let form: FormData;
        try {
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          form = await new Response(new Uint8Array(body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
        } catch {
          return reply.code(400).send({ message: serverMessages.invalidInput });
        }
        const rawFields = form.get('resource');
        const file = form.get('file');
        let fields: unknown;
        try {
          fields = typeof rawFields === 'string' ? JSON.parse(rawFields) : undefined;
        } catch {
          fields = undefined;
        }
        const parsed = CreateMemberResourceInput.safeParse(fields ?? {});
        if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? serverMessages.invalidInput });
        if (!(file instanceof File)) return reply.code(400).send({ message: memberResourceMessages.uploadEmpty });
        const type = (file.type in ALLOWED_UPLOAD_TYPES ? file.type : uploadTypeOf(file.name)) as UploadType | undefined;
        if (!type || !(type in ALLOWED_UPLOAD_TYPES)) return reply.code(415).send({ message: memberResourceMessages.uploadTypeNotAllowed });
        if (file.size > MAX_UPLOAD_BYTES) return reply.code(413).send({ message: memberResourceMessages.uploadTooLarge });
        const data = new Uint8Array(await file.arrayBuffer());
        if (data.byteLength === 0) return reply.code(400).send({ message: memberResourceMessages.uploadEmpty });
        if (!contentFitsType(type, data)) return reply.code(400).send({ message: memberResourceMessages.uploadContentMismatch });
        const admin = await currentAdmin({ db, req });
        if (!admin) return reply.code(401).send({ message: serverMessages.adminRequired });
        const upload = { fileName: safeFileName(file.name, type, 0), mimeType: type, data };
        // The file's name, type and size are recorded, never its content.
        const resource = await audited(
          { db, req, user: admin },
          { entity: 'member-resource', action: 'create', changes: (r) => ({ ...diffFields(null, r), ...fileChange(upload) }) },
          (trx: DB) => createResourceWithFile(trx, parsed.data, upload),
        );
        return reply.send(resource);
      },
    );

    scope.put<{ Params: { id: string }; Querystring: { name?: string } }>(
      '/api/admin/member-resources/:id/file',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        onRequest: async (req, reply) => {
          {
            const refused = await staffRefusal({ db, req }, 'staff');
            if (refused.status) return reply.code(refused.status).send({ message: refused.message });
            if (await refuseStaffUpload(db, refused.user.id, reply)) return reply;
          }
          if (parseId(req.params.id) === undefined) return reply.code(404).send({ message: serverMessages.notFound('Resource') });
          if (!(mediaType(req) in ALLOWED_UPLOAD_TYPES)) return reply.code(415).send({ message: memberResourceMessages.uploadTypeNotAllowed });
          const declared = Number(req.headers['content-length'] ?? 0);
          if (declared > MAX_UPLOAD_BYTES) return reply.code(413).send({ message: memberResourceMessages.uploadTooLarge });
        },
      },
      async (req, reply) => {
        const id = parseId(req.params.id)!;
        const type = mediaType(req) as UploadType;
        const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (data.byteLength === 0) return reply.code(400).send({ message: memberResourceMessages.uploadEmpty });
        if (!contentFitsType(type, data)) return reply.code(400).send({ message: memberResourceMessages.uploadContentMismatch });
        const name = typeof req.query.name === 'string' ? req.query.name : undefined;
        try {
          const admin = await currentAdmin({ db, req });
          if (!admin) return reply.code(401).send({ message: serverMessages.adminRequired });
          const upload = { fileName: safeFileName(name, type, id), mimeType: type, data };
          const resource = await audited(
            { db, req, user: admin },
            {
              entity: 'member-resource',
              action: 'upload',
              before: (trx) => resourceById(trx, id),
              changes: (r, old) => ({ ...diffFields(old, r), ...fileChange(upload) }),
            },
            (trx: DB) => storeResourceFile(trx, id, upload),
          );
          return reply.send(resource);
        } catch (err) {
          if (err instanceof AppError && err.code === 'NOT_FOUND') return reply.code(404).send({ message: err.message });
          throw err;
        }
      },
    );
  });
}
