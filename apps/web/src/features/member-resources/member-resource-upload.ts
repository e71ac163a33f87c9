import { ALLOWED_UPLOAD_TYPES, MAX_UPLOAD_BYTES, uploadTypeOf, type MemberResource } from '@post/contracts/member-resources';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';

/** What the file input accepts: the allowed types by extension and by media type. */
export const ACCEPT = [...Object.keys(ALLOWED_UPLOAD_TYPES), ...Object.values(ALLOWED_UPLOAD_TYPES), '.jpeg'].join(',');

/** A failed upload, with the server's message. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The type to send for a chosen file: by its extension first (browsers disagree on CSV), else the browser's. */
function typeOfFile(file: File): string | undefined {
  return uploadTypeOf(file.name) ?? (file.type in ALLOWED_UPLOAD_TYPES ? file.type : undefined);
}

/** Checks a chosen file before sending it; the server checks again (size, type and content). */
export function fileProblem(file: File): string | undefined {
  if (file.size === 0) return memberResourceMessages.uploadEmpty;
  if (file.size > MAX_UPLOAD_BYTES) return memberResourceMessages.uploadTooLarge;
  if (!typeOfFile(file)) return memberResourceMessages.uploadTypeNotAllowed;
  return undefined;
}

async function answer(res: Response): Promise<MemberResource> {
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new UploadError(res.status, body?.message ?? `${res.status}: upload failed`);
  }
  return (await res.json()) as MemberResource;
}

/** Sends the file of a resource that exists (a new one's, or a replacement). */
export async function uploadFile(id: number, file: File): Promise<MemberResource> {
  return answer(
    await fetch(`/api/admin/member-resources/${id}/file?name=${encodeURIComponent(file.name)}`, {
      method: 'PUT',
      headers: { 'content-type': typeOfFile(file)! },
      body: file,
      credentials: 'include',
    }),
  );
}

/** A new resource and its file in one request: both are stored or neither (issue 23 #6). */
export async function createWithFile(fields: object, file: File): Promise<MemberResource> {
  const form = new FormData();
  form.set('resource', JSON.stringify(fields));
  form.set('file', new File([file], file.name, { type: typeOfFile(file) }));
  return answer(await fetch('/api/admin/member-resources/with-file', { method: 'POST', body: form, credentials: 'include' }));
}
