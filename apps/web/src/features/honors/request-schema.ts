import { z } from 'zod';
import { CreateHonorsRequestInput } from '@post/contracts/honors';
import { honorsMessages as m } from '@post/contracts/messages/honors';
import { zonedToUtc } from '@post/contracts/rules/event-time';

/**
 * The request form's fields (a date and a time in the post's zone) checked by the API's own schema:
 * loaded with zod when the form is first touched (decision 0077).
 */
export function requestFormSchema(timeZone: string) {
  return z
    .object({
      serviceDate: z.string().trim().min(1, m.serviceAtRequired),
      serviceTime: z.string().trim().min(1, m.serviceAtRequired),
    })
    .passthrough()
    .transform((v, ctx) => {
      const { serviceDate, serviceTime, ...rest } = v as Record<string, string>;
      let serviceAt: string;
      try {
        serviceAt = zonedToUtc(serviceDate!, serviceTime!, timeZone).toISOString();
      } catch {
        ctx.addIssue({ code: 'custom', path: ['serviceDate'], message: m.serviceAtRequired });
        return z.NEVER;
      }
      const parsed = CreateHonorsRequestInput.safeParse({ ...rest, serviceAt });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', path: issue.path[0] === 'serviceAt' ? ['serviceDate'] : issue.path });
        return z.NEVER;
      }
      return parsed.data;
    });
}
