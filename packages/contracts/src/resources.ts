import { z } from './zod.ts';
import { ResourceCategory } from './enum-schemas.ts';
import { httpUrl, Id, requiredText } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { resourceMessages } from './messages/resources.ts';

/** A public veteran resource. */
export const ResourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  category: ResourceCategory,
  order: z.number().int(),
});
export type Resource = z.infer<typeof ResourceSchema>;

/** Display order: an integer of at least 0; non-numeric input becomes 0 (spec §5). */
export const DisplayOrder = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return 0;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : 0;
  },
  z.number().int(resourceMessages.orderWhole).min(0, resourceMessages.orderMin).max(1_000_000, resourceMessages.orderMin),
);

const resourceFields = {
  title: requiredText(formMessages.titleRequired, 255),
  description: requiredText(formMessages.descriptionRequired, 5000),
  url: httpUrl(500),
  category: ResourceCategory.default('healthcare'),
  order: DisplayOrder.default(0),
};
/** Body of POST /api/resources. */
export const CreateResourceInput = z.object(resourceFields);
export type CreateResourceInput = z.infer<typeof CreateResourceInput>;
/** Body of PUT /api/resources/{id}. */
export const UpdateResourceInput = z.object({ id: Id, ...resourceFields });
export type UpdateResourceInput = z.infer<typeof UpdateResourceInput>;
