import { z } from 'zod';
import type { DB } from '@post/db';
import type { SiteSettings } from '@post/contracts/site-settings';
import { buildCalendar } from '../events/events.ics.ts';
import { toCalendarRow, type CalendarEventRow } from '../events/calendar-rows.ts';
import { formatEventTime } from './context.ts';
import { cancelToken } from '../../lib/cancel-link.ts';
import { checkInCodes } from './check-in-mail.ts';
import { senderFrom } from './templates.ts';
import { MessageObsolete, type RenderContext, type RenderedMessage } from './render-context.ts';
import {
  confirmationSubject,
  eventChanged,
  manageLinkMessage,
  signupRemoved,
  volunteerConfirmation,
  volunteerReminder,
  volunteerSubjects,
} from './volunteer-templates.ts';
import { manageUrl, renderPromoted, renderShiftConfirmation, signUpsOf } from './shift-mail.ts';
import { renewalReminder } from './member-templates.ts';
import { renewalCalendar } from '@post/contracts/membership-settings';
import { dayText, duesOn, postDate } from '@post/contracts/rules/dues';

// Messages rendered when they are sent (decision 0045). A request queues the name of a template
// and its parameters (JSON-safe: dates as ISO strings); the worker renders the row with the site
// settings as they are then, just before sending it, and the admin Outbox renders a row not sent
// yet to show it. Rendering a React Email message and an .ics is most of what a sign-up cost.

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

/** The site's address for links, as the request that queued the message saw it. */
const BaseUrl = z.string().url();

// A volunteer's confirmation and reminder name the sign-up: the worker reads it and its event
// when it renders the message (decision 0049), and signs the cancel link from its id (decision
// 0046).
const SignUpRef = z.object({
  baseUrl: BaseUrl,
  volunteerId: z.number().int().positive(),
  /** Every sign-up of a request for several shifts (issue 43): one confirmation lists them. */
  volunteerIds: z.array(z.number().int().positive()).optional(),
});
const ConfirmationParams = SignUpRef;
const ReminderParams = ConfirmationParams;
const EventChangedParams = z.object({ baseUrl: BaseUrl, name: z.string(), deleted: z.boolean(), event: EventParams });
const RemovedParams = z.object({ baseUrl: BaseUrl, name: z.string(), event: EventParams });
const PromotedParams = z.object({ baseUrl: BaseUrl, volunteerId: z.number().int().positive() });

// A renewal reminder names the member and the year (decision 0086): written from the member as
// they are when it is sent, and not sent to one who has since paid, died, left or opted out.
const RenewalReminderParams = z.object({ baseUrl: BaseUrl, memberId: z.number().int().positive(), renewFor: z.number().int() });
export type RenewalReminderParams = z.infer<typeof RenewalReminderParams>;

export type ConfirmationParams = z.infer<typeof ConfirmationParams>;
export type ReminderParams = z.infer<typeof ReminderParams>;
export type EventChangedParams = z.infer<typeof EventChangedParams>;
export type RemovedParams = z.infer<typeof RemovedParams>;

/** What a volunteer's message says: the sign-up and its event, and its cancel link. */
interface SignUpFacts {
  name: string;
  role: string | null;
  event: CalendarEventRow;
  cancelUrl: string;
  email: string;
}

async function signUpFacts(p: ConfirmationParams, ctx: RenderContext): Promise<SignUpFacts> {
  const [r] = await signUpsOf(ctx.db, [p.volunteerId]);
  if (!r) throw new MessageObsolete('the sign-up was cancelled before the message was sent');
  // A shift's reminder gives the shift's time and role (issue 43).
  const event = r.shift ? { ...r.event, startDate: r.shift.startDate, endDate: r.shift.endDate } : r.event;
  const cancelUrl = `${p.baseUrl}/volunteer/cancel?token=${cancelToken(ctx.linkSecret, p.volunteerId)}`;
  return { name: r.name, role: r.shift?.role ?? r.role, event, cancelUrl, email: r.email };
}

interface Template<P> {
  params: z.ZodType<P>;
  /**
   * The subject, cheap to compute from the parameters: stored at enqueue time so the Outbox
   * list needs no rendering. Templates whose parameters only name what the message is about
   * have none: their rows show "(written when sent)" until sent.
   */
  subject?: (p: P) => string;
  /** For a template whose parameters name a sign-up: its subject from the event's title and the sign-ups' places (listedSubjects). */
  titled?: (title: string, places: { waitlistPosition: number | null }[]) => string;
  render: (p: P, ctx: RenderContext) => Promise<RenderedMessage>;
}

const define = <P>(t: Template<P>): Template<P> => t;

const factsOf = (e: CalendarEventRow, settings: SiteSettings) => ({
  title: e.title,
  when: formatEventTime(e.startDate, e.endDate, settings.timeZone),
  location: e.location,
});

/** Why a renewal reminder must not go now, or null when it still should (decision 0086). */
export function renewalReminderObsolete(
  m:
    | {
        deceasedOn: string | null;
        isActive: boolean;
        renewalReminders: boolean;
        paidThrough: number | null;
        paidThroughOn: string | null;
        membershipType: string;
      }
    | undefined,
  renewFor: number,
  today: string,
  settings: SiteSettings,
): string | null {
  if (!m) return 'the member was deleted';
  if (m.deceasedOn !== null) return 'the member has died';
  if (!m.isActive) return 'the member is inactive';
  if (!m.renewalReminders) return 'the member opted out of renewal reminders';
  const dues = duesOn(m, today, renewalCalendar(settings.membership));
  if (dues.status === 'life') return 'the member is a Life Member';
  if (m.paidThrough !== null && m.paidThrough >= renewFor) return `the member has paid for ${renewFor}`;
  if (!dues.renewalOpen) return 'no renewal is open for the member';
  return null;
}

/** Every template a queued row may name, by name. */
const templates = {
  'renewal-reminder': define({
    params: RenewalReminderParams,
    subject: (p) => `Renew your membership for ${p.renewFor}`,
    async render(p, ctx) {
      const m = await ctx.db
        .selectFrom('members')
        .select(['firstName', 'membershipNumber', 'paidThrough', 'paidThroughOn', 'membershipType', 'deceasedOn', 'isActive', 'renewalReminders'])
        .where('id', '=', p.memberId)
        .executeTakeFirst();
      const today = postDate(new Date(), ctx.settings.timeZone);
      const why = renewalReminderObsolete(m, p.renewFor, today, ctx.settings);
      if (why || !m) throw new MessageObsolete(why ?? 'the member was deleted');
      const { status, paidThroughOn } = duesOn(m, today, renewalCalendar(ctx.settings.membership));
      return renewalReminder({
        sender: senderFrom(ctx.settings, p.baseUrl),
        name: m.firstName,
        membershipNumber: m.membershipNumber,
        renewFor: p.renewFor,
        paidThrough: m.paidThrough,
        paidThroughOn: paidThroughOn ? dayText(paidThroughOn) : null,
        standing: status,
        amount: ctx.settings.membership.duesAmount || null,
        renewalUrl: ctx.settings.membership.renewalUrl,
        portalUrl: `${p.baseUrl}/member`,
      });
    },
  }),
  'volunteer-confirmation': define({
    params: ConfirmationParams,
    titled: confirmationSubject,
    async render(p, ctx) {
      // Shifts or a waitlist: every sign-up of the request, each with its time and place (issue 43).
      const rows = await signUpsOf(ctx.db, p.volunteerIds ?? [p.volunteerId]);
      if (rows.length > 1 || rows.some((r) => r.shift || r.status === 'waitlisted')) return renderShiftConfirmation(p.baseUrl, rows, ctx);
      const s = await signUpFacts(p, ctx);
      // The sign-up's check-in code (issue 44).
      const codes = await checkInCodes(p.baseUrl, ctx.linkSecret, [{ id: p.volunteerId, status: 'confirmed' }]);
      const rendered = await volunteerConfirmation({
        sender: senderFrom(ctx.settings, p.baseUrl),
        name: s.name,
        role: s.role,
        event: factsOf(s.event, ctx.settings),
        cancelUrl: s.cancelUrl,
        manageUrl: manageUrl(p.baseUrl, ctx, { event: s.event, email: s.email }),
        checkIns: codes.lines,
      });
      const ics = buildCalendar([s.event], { postName: ctx.settings.postName, timeZone: ctx.settings.timeZone, baseUrl: p.baseUrl });
      return {
        ...rendered,
        attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }, ...codes.attachments],
      };
    },
  }),
  'volunteer-reminder': define({
    params: ReminderParams,
    titled: volunteerSubjects.reminder,
    async render(p, ctx) {
      const s = await signUpFacts(p, ctx);
      return volunteerReminder({
        sender: senderFrom(ctx.settings, p.baseUrl),
        name: s.name,
        role: s.role,
        event: factsOf(s.event, ctx.settings),
        cancelUrl: s.cancelUrl,
      });
    },
  }),
  'volunteer-promoted': define({
    params: PromotedParams,
    titled: volunteerSubjects.promoted,
    async render(p, ctx) {
      const [r] = await signUpsOf(ctx.db, [p.volunteerId]);
      if (!r) throw new MessageObsolete('the sign-up was cancelled before the message was sent');
      return renderPromoted(p.baseUrl, r, ctx);
    },
  }),
  // The link to one's sign-ups, asked for again (decision 0096): to the address of the sign-up it names.
  'volunteer-link': define({
    params: PromotedParams,
    titled: volunteerSubjects.signUps,
    async render(p, ctx) {
      const [r] = await signUpsOf(ctx.db, [p.volunteerId]);
      if (!r) throw new MessageObsolete('the sign-up was cancelled before the message was sent');
      const link = manageUrl(p.baseUrl, ctx, r);
      return manageLinkMessage({ sender: senderFrom(ctx.settings, p.baseUrl), name: r.name, event: factsOf(r.event, ctx.settings), manageUrl: link });
    },
  }),
  'event-changed': define({
    params: EventChangedParams,
    subject: (p) => `${p.deleted ? 'Cancelled' : 'Changed'}: ${p.event.title}`,
    render: (p, ctx) =>
      eventChanged({ sender: senderFrom(ctx.settings, p.baseUrl), name: p.name, event: factsOf(toCalendarRow(p.event), ctx.settings), deleted: p.deleted }),
  }),
  'volunteer-removed': define({
    params: RemovedParams,
    subject: (p) => `Sign-up removed: ${p.event.title}`,
    render: (p, ctx) => signupRemoved({ sender: senderFrom(ctx.settings, p.baseUrl), name: p.name, event: factsOf(toCalendarRow(p.event), ctx.settings) }),
  }),
};

export type TemplateName = keyof typeof templates;
export type ParamsOf<N extends TemplateName> = (typeof templates)[N] extends Template<infer P> ? P : never;

/** The subject a template gives its parameters (stored with the row when it is queued), or null: written when sent. */
export function queuedSubject<N extends TemplateName>(template: N, params: ParamsOf<N>): string | null {
  return (templates[template] as unknown as Template<ParamsOf<N>>).subject?.(params) ?? null;
}

/**
 * The subjects the Outbox lists for rows not rendered yet whose parameters name a sign-up
 * (decision 0049), by row id: from their events' titles, read in one query for the page. A row
 * whose sign-up is gone has none.
 */
export async function listedSubjects(db: DB, rows: { id: number; template: string | null; params: unknown }[]): Promise<Map<number, string>> {
  const named = rows.flatMap((r) => {
    const titled = r.template ? (templates as Record<string, Template<unknown>>)[r.template]?.titled : undefined;
    const ref = SignUpRef.safeParse(r.params);
    // A confirmation of several shifts is titled by any of its sign-ups still there.
    return titled && ref.success ? [{ id: Number(r.id), volunteerIds: ref.data.volunteerIds ?? [ref.data.volunteerId], titled }] : [];
  });
  if (named.length === 0) return new Map();
  // The same read as the message's: a confirmation of waiting places is titled as such (decision 0087).
  const rowsById = new Map((await signUpsOf(db, [...new Set(named.flatMap((n) => n.volunteerIds))])).map((r) => [r.id, r]));
  return new Map(
    named.flatMap((n) => {
      const found = n.volunteerIds.flatMap((id) => (rowsById.has(id) ? [rowsById.get(id)!] : []));
      const places = found.map((r) => ({ waitlistPosition: r.status === 'confirmed' ? null : (r.position ?? 1) }));
      return found.length ? [[n.id, n.titled(found[0]!.event.title, places)] as const] : [];
    }),
  );
}

/**
 * Renders a queued row's template with the site settings as they are now. Throws an Error that
 * says what went wrong for an unknown template (a node of an older version reading a newer
 * row) or parameters the template does not accept, and MessageObsolete when what the message
 * is about is gone.
 */
export async function renderQueued(template: string, params: unknown, ctx: RenderContext): Promise<RenderedMessage> {
  const t = (templates as Record<string, Template<unknown>>)[template];
  if (!t) throw new Error(`unknown template "${template}"`);
  const parsed = t.params.safeParse(params);
  if (!parsed.success) throw new Error(`parameters of template "${template}" not accepted: ${z.prettifyError(parsed.error).replace(/\s+/g, ' ')}`);
  return t.render(parsed.data, ctx);
}
