import { z } from 'zod';
import { IdInput } from '@post/contracts/common';
import {
  EventReportFiguresInput,
  EventReportFiguresSchema,
  FileReportInput,
  FilingSchema,
  FilingsListSchema,
  KeyedNameSchema,
  ReportFormSchema,
  UpdateReportFormInput,
} from '@post/contracts/reporting';
import { adminProcedure, administratorProcedure, router } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import * as reporting from './reporting.service.ts';
import * as filings from './filings.service.ts';
import * as figures from './event-figures.service.ts';
import * as documents from './event-documents.service.ts';
import { AddEventDocumentInput, EventDocumentSchema } from '@post/contracts/event-documents';
import { Ok } from '@post/contracts/common';

const tags = ['Report forms'];

/** The forms a post files, their units and counts, and filings (issue 60, decision 0085). */
export const reportsRouter = router({
  units: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/units',
        tags,
        summary: 'The Post and the Legion Family units a member, hour, dollar or count belongs to',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(KeyedNameSchema))
    .query(async ({ ctx }) => (await getSettings(ctx.db)).reporting.units),
  countKinds: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/service-counts', tags, summary: 'The count kinds an event or entry may carry', protect: true } })
    .input(z.void())
    .output(z.array(KeyedNameSchema))
    .query(async ({ ctx }) => (await getSettings(ctx.db)).reporting.countKinds),
  forms: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/forms', tags, summary: 'The report forms and their lines', protect: true } })
    .input(z.void())
    .output(z.array(ReportFormSchema))
    .query(({ ctx }) => reporting.listForms(ctx.db)),
  updateForm: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'report-form',
      openapi: {
        method: 'PUT',
        path: '/admin/reports/forms/{key}',
        tags,
        summary: "Change a form's lines (label, item number, rule) and year start",
        protect: true,
      },
    })
    .input(UpdateReportFormInput)
    .output(ReportFormSchema)
    .mutation(async ({ ctx, input }) => {
      const settings = await getSettings(ctx.db);
      return audited(ctx, { entity: 'report-form', action: 'update', id: input.key, before: (trx) => reporting.formByKey(trx, input.key, 'key') }, (trx) =>
        reporting.updateForm(trx, input, settings),
      );
    }),
  file: adminProcedure
    .meta({
      changesContent: false,
      audit: 'report-filing',
      openapi: {
        method: 'POST',
        path: '/admin/reports/service/filings',
        tags,
        summary: "Mark a form's year as filed: its lines are kept as they stand",
        protect: true,
      },
    })
    .input(FileReportInput)
    .output(FilingSchema)
    .mutation(async ({ ctx, input }) => {
      const settings = await getSettings(ctx.db);
      return audited(ctx, { entity: 'report-filing', action: 'create' }, (trx) => filings.fileReport(trx, input, ctx.user.id, settings));
    }),
  filings: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/service/filings', tags, summary: 'Filings, newest first, of one form or all', protect: true } })
    .input(z.object({ form: z.string().max(40).optional() }))
    .output(FilingsListSchema)
    .query(({ ctx, input }) => filings.listFilings(ctx.db, input.form)),
  filing: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/reports/service/filings/{id}', tags, summary: 'A filing as filed, and its records changed since', protect: true },
    })
    .input(IdInput)
    .output(FilingSchema)
    .query(async ({ ctx, input }) => filings.filingById(ctx.db, input.id, (await getSettings(ctx.db)).timeZone)),
  eventFigures: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/events/{id}/report-figures', tags, summary: "An event's dollars, who benefited, counts and unit", protect: true },
    })
    .input(IdInput)
    .output(EventReportFiguresSchema)
    .query(({ ctx, input }) => figures.eventFigures(ctx.db, input.id)),
  setEventFigures: adminProcedure
    .meta({
      changesContent: false,
      audit: 'event',
      openapi: {
        method: 'PUT',
        path: '/admin/events/{id}/report-figures',
        tags,
        summary: "Set an event's dollars, who benefited, counts, unit and default miles",
        protect: true,
      },
    })
    .input(EventReportFiguresInput)
    .output(EventReportFiguresSchema)
    .mutation(async ({ ctx, input }) => {
      const settings = await getSettings(ctx.db);
      return audited(ctx, { entity: 'event', action: 'update', before: (trx) => figures.eventFigures(trx, input.id) }, (trx) =>
        figures.setEventFigures(trx, input, settings),
      );
    }),
  // An event's documentation, as a ledger entry carries its photo (issue 60, decision 0094).
  eventDocuments: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/events/{id}/documents', tags, summary: "An event's photos and receipts with their descriptions", protect: true },
    })
    .input(IdInput)
    .output(z.array(EventDocumentSchema))
    .query(({ ctx, input }) => documents.listDocuments(ctx.db, input.id)),
  addEventDocument: adminProcedure
    .meta({
      changesContent: false,
      audit: 'event-document',
      openapi: {
        method: 'POST',
        path: '/admin/events/{id}/documents',
        tags,
        summary: 'Add an uploaded photo or receipt (imageId from POST /api/admin/images) with its description to an event',
        protect: true,
      },
    })
    .input(AddEventDocumentInput)
    .output(EventDocumentSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'event-document', action: 'create' }, (trx) => documents.addDocument(trx, input))),
  removeEventDocument: adminProcedure
    .meta({
      changesContent: false,
      audit: 'event-document',
      openapi: { method: 'DELETE', path: '/admin/event-documents/{id}', tags, summary: 'Remove a document from its event (404 when missing)', protect: true },
    })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await audited(ctx, { entity: 'event-document', action: 'delete', id: input.id, before: (trx) => documents.documentById(trx, input.id) }, (trx) =>
        documents.removeDocument(trx, input.id),
      );
      return { ok: true as const };
    }),
});
