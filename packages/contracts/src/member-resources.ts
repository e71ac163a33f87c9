import { z } from './zod.ts';
import { AccessLevel, MemberResourceCategory, ResourceType } from './enum-schemas.ts';
import { CONTROL_CHARACTERS, Id, requiredText, Timestamp, withHttps } from './common.ts';
import { formMessages } from './messages/forms.ts';

/** Largest file an administrator may upload for a member resource. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** File types an upload may have. */
export const ALLOWED_UPLOAD_TYPES = {
  'application/pdf': '.pdf',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'text/plain': '.txt',
  'text/csv': '.csv',
  'image/png': '.png',
  'image/jpeg': '.jpg',
} as const;

/** A member resource. */
export const MemberResourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: MemberResourceCategory,
  resourceType: ResourceType,
  resourceUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.string().nullable(),
  accessLevel: AccessLevel,
  isActive: z.boolean(),
  downloadCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type MemberResource = z.infer<typeof MemberResourceSchema>;

/** A member resource as a member sees it: no address, so every download goes through the counter. */
export const PortalResourceSchema = MemberResourceSchema.omit({ resourceUrl: true, isActive: true });
export type PortalResource = z.infer<typeof PortalResourceSchema>;

/** The type of an upload from its file name, when the browser gives none (or a generic one). */
export function uploadTypeOf(fileName: string): keyof typeof ALLOWED_UPLOAD_TYPES | undefined {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  if (ext === '.jpeg') return 'image/jpeg';
  return (Object.keys(ALLOWED_UPLOAD_TYPES) as (keyof typeof ALLOWED_UPLOAD_TYPES)[]).find((t) => ALLOWED_UPLOAD_TYPES[t] === ext);
}

const fields = {
  title: requiredText(formMessages.titleRequired, 255),
  description: requiredText(formMessages.descriptionRequired, 5000),
  category: MemberResourceCategory.default('documents'),
  resourceType: ResourceType.default('document'),
  resourceUrl: z
    .string()
    .trim()
    .max(500, formMessages.tooLong(500))
    .refine((s) => !CONTROL_CHARACTERS.test(s), formMessages.urlInvalid)
    .transform(withHttps)
    .refine((s) => s === '' || (s.startsWith('/') && !s.startsWith('//') && !s.includes('\\')) || /^https?:\/\/[^\s]+$/i.test(s), formMessages.urlInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
  fileSize: z
    .string()
    .trim()
    .max(50, formMessages.tooLong(50))
    .nullish()
    .transform((v) => (v ? v : null)),
  accessLevel: AccessLevel.default('member'),
  isActive: z.boolean().default(true),
};
/** Body of POST /api/admin/member-resources. */
export const CreateMemberResourceInput = z.object(fields);
export type CreateMemberResourceInput = z.infer<typeof CreateMemberResourceInput>;
/** Body of PUT /api/admin/member-resources/{id}. */
export const UpdateMemberResourceInput = z.object({ id: Id, ...fields });
export type UpdateMemberResourceInput = z.infer<typeof UpdateMemberResourceInput>;

/** Human-readable file size, e.g. 245 KB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
