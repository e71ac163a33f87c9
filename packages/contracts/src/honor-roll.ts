import { z } from './zod.ts';
import { Branch } from './enum-schemas.ts';
import { ImageSchema } from './images.ts';

/**
 * A departed member as the public honor roll shows them (decision 0065): name, branch, era or war,
 * dates, obituary and photo. Never contact data, never the membership number.
 */
export const HonorRollEntrySchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    branchOfService: Branch,
    serviceEra: z.string().nullable(),
    /** Year the member joined the post. */
    memberSinceYear: z.number().int(),
    /** Date of death, 'YYYY-MM-DD'. */
    deceasedOn: z.string(),
    obituary: z.string().nullable(),
    image: ImageSchema.nullable(),
    imageAlt: z.string().nullable(),
  })
  .strict();
export type HonorRollEntry = z.infer<typeof HonorRollEntrySchema>;
