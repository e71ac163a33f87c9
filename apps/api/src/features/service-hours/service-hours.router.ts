import { z } from 'zod';
import { IdInput, Ok } from '@post/contracts/common';
import {
  CreateServiceEntryInput,
  EventCategoryInput,
  EventCategorySchema,
  LogOwnServiceInput,
  MyServiceSchema,
  PublicServiceTotalSchema,
  ReportInput,
  ServiceCategoryInput,
  ServiceCategorySchema,
  ServiceEntriesInput,
  ServiceEntriesPage,
  ServiceEntrySchema,
  ServiceReportSchema,
  type ServiceEntry,
  UpdateServiceCategoryInput,
  UpdateServiceEntryInput,
} from '@post/contracts/service-hours';
import { adminProcedure, administratorProcedure, memberProcedure, publicProcedure, router } from '../../trpc.ts';
import { audited, diffFields, recordAudit } from '../audit/audit.ts';
import { hit } from '../../lib/rate-limit.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { clientIp } from '../../lib/session.ts';
import { AppError } from '../../errors.ts';
import { serverMessages } from '@post/contracts/messages/server';
import { getSettings } from '../site-settings/site-settings.service.ts';
import type { DB } from '@post/db';
import * as categories from './categories.service.ts';
import * as entries from './entries.service.ts';
import { myService, publicTotal } from './my-service.service.ts';
import { serviceReport } from './report.service.ts';
import { FormReportSchema, ReportPeriod } from '@post/contracts/reporting';
import { checkUnitAndCounts } from '../reports/reporting.service.ts';
import { formReport } from '../reports/form-report.service.ts';

/** A member's own service entries: at most this many a day (decision 0081). */
export const MEMBER_ENTRIES = 10;
export const MEMBER_ENTRIES_WINDOW_MS = 24 * 3_600_000;

const tags = ['Service hours'];

/** The hours ledger, its categories, the yearly service report, a member's own service (issue 44). */
export const serviceHoursRouter = router({
  categories: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/service-categories', tags, summary: "The ledger's categories in the report's order", protect: true } })
    .input(z.void())
    .output(z.array(ServiceCategorySchema))
    .query(({ ctx }) => categories.listCategories(ctx.db)),
  createCategory: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'service-category',
      openapi: { method: 'POST', path: '/admin/service-categories', tags, summary: 'Add a category', protect: true },
    })
    .input(ServiceCategoryInput)
    .output(ServiceCategorySchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'service-category', action: 'create' }, (trx) => categories.createCategory(trx, input))),
  updateCategory: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'service-category',
      openapi: { method: 'PUT', path: '/admin/service-categories/{id}', tags, summary: 'Rename, move or mark a category (not) reportable', protect: true },
    })
    .input(UpdateServiceCategoryInput)
    .output(ServiceCategorySchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'service-category', action: 'update', before: (trx) => categories.categoryById(trx, input.id) }, (trx) =>
        categories.updateCategory(trx, input),
      ),
    ),
  setEventCategory: adminProcedure
    .meta({
      changesContent: true,
      audit: 'event',
      openapi: {
        method: 'PUT',
        path: '/admin/events/{id}/service-category',
        tags,
        summary: "Set an event's default category for its attendance",
        protect: true,
      },
    })
    .input(EventCategoryInput)
    .output(EventCategorySchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'event', action: 'update', before: (trx) => categories.eventCategory(trx, input.id) }, (trx) =>
        categories.setEventCategory(trx, input.id, input.categoryId),
      ),
    ),
  // The member directory is administrators' (decision 0081): an editor logs service for "someone else" by name.
  members: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/service-hours/members',
        tags,
        summary: 'Active members by name, for choosing who served (administrators)',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(z.object({ id: z.number().int(), name: z.string() })))
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .selectFrom('members')
        .select(['id', 'firstName', 'lastName'])
        .where('isActive', '=', true)
        .orderBy('lastName')
        .orderBy('firstName')
        .execute();
      return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
    }),
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/service-hours',
        tags,
        summary: 'Service entries without an event, newest first, by q (name or note), categoryId, status (all, pending, approved) and year; 25 a page',
        protect: true,
      },
    })
    .input(ServiceEntriesInput)
    .output(ServiceEntriesPage)
    .query(async ({ ctx, input }) => entries.listEntries(ctx.db, input, (await getSettings(ctx.db)).serviceYearStartMonth)),
  byId: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/service-hours/{id}', tags, summary: 'One service entry', protect: true } })
    .input(IdInput)
    .output(ServiceEntrySchema)
    .query(({ ctx, input }) => entries.entryById(ctx.db, input.id)),
  create: adminProcedure
    .meta({
      changesContent: true,
      audit: 'service-entry',
      openapi: { method: 'POST', path: '/admin/service-hours', tags, summary: 'Add service that had no event (approved as made)', protect: true },
    })
    .input(CreateServiceEntryInput)
    .output(ServiceEntrySchema)
    .mutation(async ({ ctx, input }) => {
      const settings = await getSettings(ctx.db);
      const { timeZone } = settings;
      checkUnitAndCounts(settings, input);
      return audited(ctx, { entity: 'service-entry', action: 'create' }, (trx) => entries.createEntry(trx, input, { userId: ctx.user.id }, timeZone));
    }),
  update: adminProcedure
    .meta({
      changesContent: true,
      audit: 'service-entry',
      openapi: { method: 'PUT', path: '/admin/service-hours/{id}', tags, summary: 'Change a service entry', protect: true },
    })
    .input(UpdateServiceEntryInput)
    .output(ServiceEntrySchema)
    .mutation(async ({ ctx, input }) => {
      const settings = await getSettings(ctx.db);
      const { timeZone } = settings;
      checkUnitAndCounts(settings, input);
      // The reason goes with the old and new values, as an attendance's hours keep theirs (decision 0094).
      const changes = (after: ServiceEntry, before: ServiceEntry | undefined) => ({
        ...diffFields(before ? Object.fromEntries(Object.keys(after).map((k) => [k, before[k as keyof ServiceEntry]])) : null, { ...after }),
        reason: { old: null, new: input.reason },
      });
      return audited<ServiceEntry, ServiceEntry>(
        ctx,
        { entity: 'service-entry', action: 'update', before: (trx) => entries.entryById(trx, input.id), changes },
        (trx) => entries.updateEntry(trx, input.id, input, timeZone),
      );
    }),
  approve: adminProcedure
    .meta({
      changesContent: true,
      audit: 'service-entry',
      openapi: { method: 'POST', path: '/admin/service-hours/{id}/approve', tags, summary: "Approve a member's own entry", protect: true },
    })
    .input(IdInput)
    .output(ServiceEntrySchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'service-entry', action: 'approve', before: (trx) => entries.entryById(trx, input.id) }, (trx) =>
        entries.approveEntry(trx, input.id, ctx.user.id),
      ),
    ),
  remove: adminProcedure
    .meta({
      changesContent: true,
      audit: 'service-entry',
      openapi: { method: 'DELETE', path: '/admin/service-hours/{id}', tags, summary: 'Delete a service entry (404 when missing)', protect: true },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => entries.entryById(trx, input.id);
      await audited(ctx, { entity: 'service-entry', action: 'delete', id: input.id, before }, (trx) => entries.deleteEntry(trx, input.id));
      return { ok: true as const };
    }),
  report: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reports/service',
        tags,
        summary:
          "The service report of the program year starting in year: totals (reportable categories), each category with its list, entries to look at; with form (legion-cpr, vfw), that form's lines { form, from, to, lines: [{ key, label, kind, value, records }] } for period (year, q1-q4, m1-m12); CSV at /api/admin/reports/service.csv",
        protect: true,
      },
    })
    .input(ReportInput.extend({ form: z.string().max(40).optional(), period: ReportPeriod }))
    .output(z.union([ServiceReportSchema, FormReportSchema]))
    .query(async ({ ctx, input }) => {
      const settings = await getSettings(ctx.db);
      // Without a form the answer stays the yearly report of decision 0066; with one, its lines (0085).
      return input.form === undefined ? serviceReport(ctx.db, input.year, settings) : formReport(ctx.db, input.form, input.year, input.period, settings);
    }),
  mine: memberProcedure
    .meta({ openapi: { method: 'GET', path: '/member/service', tags, summary: "The member's hours this program year and their records", protect: true } })
    .input(z.void())
    .output(MyServiceSchema)
    .query(async ({ ctx }) => myService(ctx.db, ctx.member.id, await getSettings(ctx.db))),
  memberCategories: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/member/service-categories',
        tags,
        summary: 'The categories a member may log service under (the reportable ones)',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(ServiceCategorySchema))
    .query(async ({ ctx }) => (await categories.listCategories(ctx.db)).filter((c) => c.reportable)),
  logOwn: memberProcedure
    .meta({
      changesContent: false,
      audit: 'service-entry',
      openapi: { method: 'POST', path: '/member/service', tags, summary: 'Log own service (counts once an officer approves it)', protect: true },
    })
    .input(LogOwnServiceInput)
    .output(ServiceEntrySchema)
    .mutation(async ({ ctx, input }) => {
      const { timeZone } = await getSettings(ctx.db);
      // Limited and recorded like a staff write: a member's entries wait for approval, but a flood of them would bury the real ones (decision 0081).
      const r = await hit(ctx.db, `member-service:${ctx.member.id}`, MEMBER_ENTRIES, MEMBER_ENTRIES_WINDOW_MS);
      if (!r.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, r.retryAfterSeconds);
      return inTransaction(ctx.db, async (trx) => {
        const entry = await entries.createEntry(trx, input, { memberId: ctx.member.id }, timeZone);
        const actor = { userId: null, name: `${ctx.member.firstName} ${ctx.member.lastName} (member ${ctx.member.membershipNumber})`, ip: clientIp(ctx.req) };
        await recordAudit(trx, actor, { entity: 'service-entry', entityId: entry.id, action: 'create', changes: diffFields(null, { ...entry }) });
        return entry;
      });
    }),
  publicTotal: publicProcedure
    .meta({
      cache: 'public',
      openapi: {
        method: 'GET',
        path: '/service-hours/total',
        tags,
        summary: "This program year's volunteer hours, or null while the home page does not show them",
      },
    })
    .input(z.void())
    .output(PublicServiceTotalSchema)
    .query(async ({ ctx }) => publicTotal(ctx.db, await getSettings(ctx.db))),
});
