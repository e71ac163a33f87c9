import { z } from './zod.ts';
import { Id, isoDate, requiredText, Timestamp } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { newsMessages } from './messages/news.ts';
import { altGivenWithImage, altRequiredIssue, imageFields, imageOutputFields } from './images.ts';

/** A news item. */
export const NewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishDate: Timestamp,
  publishedBy: z.number().int(),
  featured: z.boolean(),
  ...imageOutputFields,
});
export type News = z.infer<typeof NewsSchema>;

const newsFields = {
  title: requiredText(formMessages.titleRequired, 255),
  content: requiredText(formMessages.contentRequired, 50_000),
  publishDate: isoDate(newsMessages.publishDateRequired),
  publishedBy: z.coerce.number().int().positive().optional(),
  featured: z.boolean().default(false),
  ...imageFields,
};
/** Body of POST /api/news and /api/news-direct. */
export const CreateNewsInput = z.object(newsFields).refine(altGivenWithImage, altRequiredIssue);
export type CreateNewsInput = z.infer<typeof CreateNewsInput>;
/** Body of PUT /api/news/{id}. */
export const UpdateNewsInput = z.object({ id: Id, ...newsFields }).refine(altGivenWithImage, altRequiredIssue);
export type UpdateNewsInput = z.infer<typeof UpdateNewsInput>;
/** The news edit form (publish date entered as a date). */
export const NewsFormSchema = z.object({
  title: requiredText(formMessages.titleRequired, 255),
  content: requiredText(formMessages.contentRequired, 50_000),
  publishDate: z.string().trim().min(1, newsMessages.publishDateRequired),
  featured: z.boolean(),
});
export type NewsFormValues = z.infer<typeof NewsFormSchema>;
