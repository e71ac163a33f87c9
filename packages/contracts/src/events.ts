import { z } from './zod.ts';
import { EventListWhen, EventType } from './enum-schemas.ts';
import { Id, checkIsoDate, isoDate, requiredText, Timestamp } from './common.ts';
import { eventMessages } from './messages/events.ts';
import { formMessages } from './messages/forms.ts';
import { altGivenWithImage, altRequiredIssue, imageFields, imageOutputFields } from './images.ts';
import { NotifyVolunteers } from './mail.ts';
import { VolunteerPublicSchema, VolunteerSchema, VolunteerViewSchema } from './volunteers.ts';
import { RecurrenceInput, RecurrenceSchema } from './recurrence.ts';
import { pageOf, PageNumber, SearchText } from './paging.ts';
import { ShiftSchema, ShiftsInput } from './shifts.ts';

/** Default and limits of volunteer positions (decisions §3). */
export const DEFAULT_VOLUNTEER_POSITIONS = 10;
export const MAX_VOLUNTEER_POSITIONS = 1000;

/** An event as listed publicly. */
export const EventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: Timestamp,
  endDate: Timestamp,
  type: EventType,
  createdBy: z.number().int(),
  volunteerPositions: z.number().int(),
  volunteerCount: z.number().int(),
  updatedAt: Timestamp,
  ...imageOutputFields,
  /** The series an occurrence belongs to; null for a single (or detached) event. */
  seriesId: z.number().int().nullable(),
  /** The series' rule and holiday handling; null for a single event. */
  recurrence: RecurrenceSchema.nullable(),
  /** "second Tuesday of every month": the popup's "Repeats:" line; null for a single event. */
  repeats: z.string().nullable(),
  /** The event's shifts in order (issue 43); empty for an event with one pool of positions. */
  shifts: z.array(ShiftSchema),
});
export type Event = z.infer<typeof EventSchema>;

/** An event with its volunteers' public fields (name, role). */
export const EventWithVolunteersSchema = EventSchema.extend({ volunteers: z.array(VolunteerPublicSchema) });
export type EventWithVolunteers = z.infer<typeof EventWithVolunteersSchema>;
/** GET /api/events/{id}: volunteers with e-mail and phone, and the service category, only when staff ask. */
export const EventDetailSchema = EventSchema.extend({ volunteers: z.array(VolunteerViewSchema), serviceCategoryId: z.number().int().nullable().optional() });
export type EventDetail = z.infer<typeof EventDetailSchema>;
/** An event with its volunteers' full contact details (administrators). */
export const EventAdminSchema = EventSchema.extend({ volunteers: z.array(VolunteerSchema) });
export type EventAdmin = z.infer<typeof EventAdminSchema>;

const eventFields = {
  title: requiredText(formMessages.titleRequired, 255),
  description: requiredText(formMessages.descriptionRequired),
  location: requiredText(eventMessages.locationRequired, 255),
  startDate: isoDate(eventMessages.startDateRequired),
  endDate: isoDate(eventMessages.endDateRequired),
  type: EventType.default('regular'),
  createdBy: z.coerce.number().int().positive().optional(),
  volunteerPositions: z.coerce
    .number({ error: eventMessages.positionsRange })
    .int(eventMessages.positionsRange)
    .min(0, eventMessages.positionsRange)
    .max(MAX_VOLUNTEER_POSITIONS, eventMessages.positionsRange)
    .default(DEFAULT_VOLUNTEER_POSITIONS),
  ...imageFields,
  /** The event's shifts, matched by id (issue 43); omitted keeps them as they are. */
  shifts: ShiftsInput.optional(),
  /** The category its attendance counts under (issue 44); a series' occurrences copy it; omitted keeps it. */
  serviceCategoryId: Id.nullable().optional(),
};

/** Which occurrences of a series an edit or delete touches (a single event: itself). */
export const EventScope = z.enum(['this', 'following'], { error: 'Scope must be this or following.' });
export type EventScope = z.infer<typeof EventScope>;

/** Body of POST /api/events; `recurrence` makes it the first occurrence of a series. */
export const CreateEventInput = z
  .object({ ...eventFields, recurrence: RecurrenceInput.nullish() })
  .refine((e) => Date.parse(e.endDate) >= Date.parse(e.startDate), { message: eventMessages.endBeforeStart, path: ['endDate'] })
  .refine(altGivenWithImage, altRequiredIssue);
export type CreateEventInput = z.infer<typeof CreateEventInput>;
/**
 * Body of PUT /api/events/{id}. scope=this (the default) changes one occurrence and detaches
 * it from its series; scope=following changes it and every later occurrence (a new series
 * from it on). `recurrence` on a single event makes it the first of a new series.
 */
export const UpdateEventInput = z
  .object({ id: Id, ...eventFields, notifyVolunteers: NotifyVolunteers, scope: EventScope.default('this'), recurrence: RecurrenceInput.nullish() })
  .refine((e) => Date.parse(e.endDate) >= Date.parse(e.startDate), { message: eventMessages.endBeforeStart, path: ['endDate'] })
  .refine(altGivenWithImage, altRequiredIssue);
export type UpdateEventInput = z.infer<typeof UpdateEventInput>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;
/** The event form: dates and times entered separately in the post's time zone (spec §5). */
export const EventFormSchema = z.object({
  title: requiredText(formMessages.titleRequired, 255),
  description: requiredText(formMessages.descriptionRequired),
  location: requiredText(eventMessages.locationRequired, 255),
  startDate: checkIsoDate(
    z.string().min(1, { error: eventMessages.startDateRequired, abort: true }).regex(YMD, { error: formMessages.invalidDate, abort: true }),
  ),
  startTime: z.string().min(1, { error: eventMessages.startTimeRequired, abort: true }).regex(HHMM, eventMessages.startTimeRequired),
  endDate: checkIsoDate(z.string().min(1, { error: eventMessages.endDateRequired, abort: true }).regex(YMD, { error: formMessages.invalidDate, abort: true })),
  endTime: z.string().min(1, { error: eventMessages.endTimeRequired, abort: true }).regex(HHMM, eventMessages.endTimeRequired),
  type: EventType,
  volunteerPositions: z.coerce
    .number({ error: eventMessages.positionsRange })
    .int(eventMessages.positionsRange)
    .min(0, eventMessages.positionsRange)
    .max(MAX_VOLUNTEER_POSITIONS, eventMessages.positionsRange),
});
export type EventFormValues = z.infer<typeof EventFormSchema>;

/** DELETE /api/events/{id}?scope=this|following. */
export const DeleteEventInput = z.object({ id: Id, scope: EventScope.default('this'), notifyVolunteers: NotifyVolunteers });
export type DeleteEventInput = z.infer<typeof DeleteEventInput>;
/** What a delete removed: events, and the sign-ups that went with them. */
export const DeleteEventResult = z.object({ ok: z.literal(true), deletedEvents: z.number().int(), deletedSignups: z.number().int() });
export type DeleteEventResult = z.infer<typeof DeleteEventResult>;

/** GET /api/admin/events: the dashboard's Events tab (issue 20), 25 a page. */
export const AdminEventsInput = z.object({
  /** upcoming: not ended yet, soonest first; past: ended, latest first. */
  when: EventListWhen.default('upcoming'),
  /** Part of the title or location, any case. */
  q: SearchText,
  page: PageNumber,
});
export type AdminEventsInput = z.input<typeof AdminEventsInput>;
export const AdminEventsPage = pageOf(EventSchema);
export type AdminEventsPage = z.infer<typeof AdminEventsPage>;

/** GET /api/admin/events/{id}/delete-preview?scope=: what a delete would remove, for its confirmation. */
export const DeletePreviewInput = z.object({ id: Id, scope: EventScope.default('this') });
export const DeletePreviewResult = z.object({
  deletedEvents: z.number().int(),
  deletedSignups: z.number().int(),
  /** Attendance recorded at those events: when above 0 the delete is refused (409), decision 0081. */
  attendance: z.number().int(),
});
export type DeletePreviewResult = z.infer<typeof DeletePreviewResult>;
