import { z } from './zod.ts';
import { DEFAULT_HONORS_SETTINGS, PINNED_HONOR_ROLES } from './honors-defaults.ts';

export { DEFAULT_HONORS_SETTINGS, PINNED_HONOR_ROLES, honorRoleLabel, type HonorRole, type HonorsSettings } from './honors-defaults.ts';

const roleKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,29}$/, 'A role key is lower-case letters, digits and dashes, such as rifle');

/** The funeral honors block of the site settings (decision 0088): the roles list and the detail template. */
export const HonorsSettingsSchema = z
  .object({
    roles: z.array(z.object({ key: roleKey, label: z.string().trim().min(1, 'A role needs a label').max(60, 'At most 60 characters') })).max(30),
    template: z
      .array(
        z.object({
          role: roleKey,
          count: z.coerce.number().int('Enter a whole number').min(0, 'Enter 0 to 50').max(50, 'Enter 0 to 50'),
        }),
      )
      .max(30),
    detailHours: z.coerce.number().min(0.5, 'A detail lasts 0.5 to 12 hours').max(12, 'A detail lasts 0.5 to 12 hours').default(2),
  })
  .superRefine((s, ctx) => {
    const keys = s.roles.map((r) => r.key);
    for (const pinned of PINNED_HONOR_ROLES)
      if (!keys.includes(pinned)) ctx.addIssue({ code: 'custom', path: ['roles'], message: `The role ${pinned} stays in the list (its key is pinned).` });
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['roles'], message: 'Each role key once.' });
    s.template.forEach((line, i) => {
      if (!keys.includes(line.role)) ctx.addIssue({ code: 'custom', path: ['template', i, 'role'], message: `Unknown role: ${line.role}` });
    });
  })
  .default(DEFAULT_HONORS_SETTINGS);
