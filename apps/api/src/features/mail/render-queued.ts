import { z } from 'zod';
import type { MailAttachment } from '@post/db';
import type { SiteSettings } from '@post/contracts/site-settings';
import { buildCalendar } from '../events/events.ics.ts';
import type { CalendarEventRow } from '../events/events.service.ts';
import { formatEventTime } from './context.ts';
import { cancelToken } from '../volunteers/cancel-link.ts';
import { eventChanged, senderFrom, signupRemoved, volunteerConfirmation, volunteerReminder, type Rendered } from './templates.ts';

// Messages rendered when they are sent (decision 0045). A request queues the name of a template
// and its parameters (JSON-safe: dates as ISO strings); the worker renders the row with the site
// settings as they are then, just before sending it, and the admin Outbox renders a row not sent
// yet to show it. Rendering a React Email message and an .ics is most of what a sign-up cost.

/** A rendered message with what it carries. */
export interface RenderedMessage extends Rendered {
  attachments?: MailAttachment[];
}

/** An event as a queued message's parameters hold it: the facts the volunteer signed up for. */
const EventParams = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: z.iso.datetime({ offset: true }),
  endDate: z.iso.datetime({ offset: true }),
  sequence: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type EventParams = z.infer<typeof EventParams>;

/** An event row as parameters (dates as ISO strings). */
export function eventParams(e: CalendarEventRow): EventParams {
  return {
    id: Number(e.id),
    title: e.title,
    description: e.description,
    location: e.location,
    startDate: e.startDate.toISOString(),
    endDate: e.endDate.toISOString(),
    sequence: e.sequence,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

function eventRow(e: EventParams): CalendarEventRow {
  return {
    ...e,
    startDate: new Date(e.startDate),
    endDate: new Date(e.endDate),
    createdAt: new Date(e.createdAt),
    updatedAt: new Date(e.updatedAt),
  };
}

const facts = (e: EventParams, settings: SiteSettings) => ({
  title: e.title,
  when: formatEventTime(new Date(e.startDate), new Date(e.endDate), settings.timeZone),
  location: e.location,
});

/** The site's address for links, as the request that queued the message saw it. */
const BaseUrl = z.string().url();

// The cancel link: signed from the sign-up's id when rendered (decision 0046); rows queued
// before that hold a random token instead.
const ConfirmationParams = z
  .object({
    baseUrl: BaseUrl,
    name: z.string(),
    role: z.string().nullable(),
    volunteerId: z.number().int().positive().optional(),
    token: z.string().min(20).optional(),
    event: EventParams,
  })
  .refine((p) => p.volunteerId !== undefined || p.token !== undefined, 'a cancel link needs the sign-up (volunteerId) or a token');
const ReminderParams = ConfirmationParams;
const EventChangedParams = z.object({ baseUrl: BaseUrl, name: z.string(), deleted: z.boolean(), event: EventParams });
const RemovedParams = z.object({ baseUrl: BaseUrl, name: z.string(), event: EventParams });

export type ConfirmationParams = z.infer<typeof ConfirmationParams>;
export type ReminderParams = z.infer<typeof ReminderParams>;
export type EventChangedParams = z.infer<typeof EventChangedParams>;
export type RemovedParams = z.infer<typeof RemovedParams>;

const cancelUrl = (p: ConfirmationParams, linkSecret: string) =>
  `${p.baseUrl}/volunteer/cancel?token=${p.volunteerId !== undefined ? cancelToken(linkSecret, p.volunteerId) : p.token}`;

interface Template<P> {
  params: z.ZodType<P>;
  /** The subject, cheap to compute: stored at enqueue time so the Outbox list needs no rendering. */
  subject: (p: P) => string;
  /** `linkSecret` signs the links a message carries (MailEnv.linkSecret). */
  render: (p: P, settings: SiteSettings, linkSecret: string) => Promise<RenderedMessage>;
}

const define = <P>(t: Template<P>): Template<P> => t;

/** Every template a queued row may name, by name. */
const templates = {
  'volunteer-confirmation': define({
    params: ConfirmationParams,
    subject: (p) => `You're signed up: ${p.event.title}`,
    async render(p, settings, linkSecret) {
      const rendered = await volunteerConfirmation({
        sender: senderFrom(settings, p.baseUrl),
        name: p.name,
        role: p.role,
        event: facts(p.event, settings),
        cancelUrl: cancelUrl(p, linkSecret),
      });
      const ics = buildCalendar([eventRow(p.event)], { postName: settings.postName, timeZone: settings.timeZone, baseUrl: p.baseUrl });
      return { ...rendered, attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }] };
    },
  }),
  'volunteer-reminder': define({
    params: ReminderParams,
    subject: (p) => `Reminder: ${p.event.title}`,
    render: (p, settings, linkSecret) =>
      volunteerReminder({
        sender: senderFrom(settings, p.baseUrl),
        name: p.name,
        role: p.role,
        event: facts(p.event, settings),
        cancelUrl: cancelUrl(p, linkSecret),
      }),
  }),
  'event-changed': define({
    params: EventChangedParams,
    subject: (p) => `${p.deleted ? 'Cancelled' : 'Changed'}: ${p.event.title}`,
    render: (p, settings) => eventChanged({ sender: senderFrom(settings, p.baseUrl), name: p.name, event: facts(p.event, settings), deleted: p.deleted }),
  }),
  'volunteer-removed': define({
    params: RemovedParams,
    subject: (p) => `Sign-up removed: ${p.event.title}`,
    render: (p, settings) => signupRemoved({ sender: senderFrom(settings, p.baseUrl), name: p.name, event: facts(p.event, settings) }),
  }),
};

export type TemplateName = keyof typeof templates;
export type ParamsOf<N extends TemplateName> = (typeof templates)[N] extends Template<infer P> ? P : never;

/** The subject a template gives its parameters (stored with the row when it is queued). */
export function queuedSubject<N extends TemplateName>(template: N, params: ParamsOf<N>): string {
  return (templates[template] as unknown as Template<ParamsOf<N>>).subject(params);
}

/**
 * Renders a queued row's template with the site settings as they are now. Throws an Error that
 * says what went wrong for an unknown template (a node of an older version reading a newer
 * row) or parameters the template does not accept.
 */
export async function renderQueued(template: string, params: unknown, settings: SiteSettings, linkSecret: string): Promise<RenderedMessage> {
  const t = (templates as Record<string, Template<unknown>>)[template];
  if (!t) throw new Error(`unknown template "${template}"`);
  const parsed = t.params.safeParse(params);
  if (!parsed.success) throw new Error(`parameters of template "${template}" not accepted: ${z.prettifyError(parsed.error).replace(/\s+/g, ' ')}`);
  return t.render(parsed.data, settings, linkSecret);
}
