import { attendanceMessages } from '@post/contracts/messages/attendance';
import { checkInCodeMessages } from '@post/contracts/messages/check-in-code';
import {
  AttendanceHoursInput,
  CheckInCodeDetailsSchema,
  CheckInCodeInput,
  AttendeeSchema,
  EventAttendanceSchema,
  MarkInput,
  MarkResultSchema,
  ResolveCodeInput,
  ResolvedCodeSchema,
  WalkInInput,
  type MarkResult,
} from '@post/contracts/attendance';
import { codeFromScan } from '@post/contracts/check-in-code';
import { IdInput } from '@post/contracts/common';
import { adminProcedure, administratorProcedure, publicProcedure, router } from '../../trpc.ts';
import { audited, auditActor, recordAudit, type AuditContext, type AuditEntry } from '../audit/audit.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { AppError } from '../../errors.ts';
import type { DB } from '@post/db';
import * as service from './attendance.service.ts';
import { checkMemberUnit } from '../reports/reporting.service.ts';
import { codeDetails, volunteerOfCode } from './check-in-code.ts';

const tags = ['Attendance'];

/** The audit entry of a new mark (a repeated mark changed nothing and records nothing). */
function markEntry(action: 'check-in' | 'check-out' | 'walk-in', result: MarkResult): AuditEntry {
  const a = result.attendee;
  const field = action === 'check-out' ? 'checkedOutAt' : 'checkedInAt';
  // The resulting hours too, so the log shows what the mark counts (decision 0081).
  return {
    entity: 'attendance',
    entityId: a.attendanceId,
    action,
    changes: { name: { old: null, new: a.name }, [field]: { old: null, new: a[field] }, hours: { old: null, new: a.hours } },
  };
}

/**
 * Whether a person is a member is the member directory's to say, which is administrators' only: an
 * editor's answers leave it out, so the walk-in form cannot test an e-mail (decision 0081).
 */
function forCaller<T extends { memberId: number | null }>(ctx: { user: { role: string } }, a: T): T {
  return ctx.user.role === 'administrator' ? a : { ...a, memberId: null };
}
const markForCaller = (ctx: { user: { role: string } }, r: MarkResult): MarkResult => ({ ...r, attendee: forCaller(ctx, r.attendee) });

/** The post's time zone, for the times in the answers' messages. */
const zoneOf = async (db: DB) => (await getSettings(db)).timeZone;

/**
 * A mark at the door at `atInput` (or now), written with its audit entry in one transaction; a
 * repeated mark changes nothing and records nothing.
 */
async function markAndAudit(
  ctx: AuditContext & { user: { role: string } },
  atInput: string | undefined,
  action: 'check-in' | 'check-out' | 'walk-in',
  write: (trx: DB, at: Date, timeZone: string) => Promise<MarkResult>,
): Promise<MarkResult> {
  const at = service.markTime(atInput);
  const timeZone = await zoneOf(ctx.db);
  const result = await inTransaction(ctx.db, async (trx) => {
    const written = await write(trx, at, timeZone);
    if (!written.already) await recordAudit(trx, auditActor(ctx, ctx.user), markEntry(action, written));
    return written;
  });
  return markForCaller(ctx, result);
}

/** Check-in at the door (issue 44): marks per sign-up, walk-ins, hours edited by administrators. */
export const attendanceRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/events/{id}/attendance',
        tags,
        summary: "An event's sign-ups and walk-ins with their check-in, check-out and hours",
        protect: true,
      },
    })
    .input(IdInput)
    .output(EventAttendanceSchema)
    .query(async ({ ctx, input }) => {
      const list = await service.eventAttendance(ctx.db, input.id);
      return { ...list, people: list.people.map((p) => forCaller(ctx, p)) };
    }),
  checkIn: adminProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: {
        method: 'POST',
        path: '/admin/volunteers/{id}/check-in',
        tags,
        summary: 'Mark a sign-up arrived (at: the time an offline phone made the mark); a second call answers with the first time',
        protect: true,
      },
    })
    .input(MarkInput)
    .output(MarkResultSchema)
    .mutation(({ ctx, input }) => markAndAudit(ctx, input.at, 'check-in', (trx, at, timeZone) => service.checkIn(trx, input.id, at, timeZone))),
  checkOut: adminProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: {
        method: 'POST',
        path: '/admin/volunteers/{id}/check-out',
        tags,
        summary: 'Mark a sign-up left; a second call answers with the first time',
        protect: true,
      },
    })
    .input(MarkInput)
    .output(MarkResultSchema)
    .mutation(({ ctx, input }) =>
      markAndAudit(ctx, input.at, 'check-out', (trx, at, timeZone) => service.checkOut(trx, { volunteerId: input.id }, at, timeZone, input.miles)),
    ),
  checkOutRecord: adminProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: { method: 'POST', path: '/admin/attendance/{id}/check-out', tags, summary: 'Mark a walk-in (an attendance record) left', protect: true },
    })
    .input(MarkInput)
    .output(MarkResultSchema)
    .mutation(({ ctx, input }) =>
      markAndAudit(ctx, input.at, 'check-out', (trx, at, timeZone) => service.checkOut(trx, { attendanceId: input.id }, at, timeZone, input.miles)),
    ),
  walkIn: adminProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: {
        method: 'POST',
        path: '/admin/events/{id}/walk-ins',
        tags,
        summary: 'Add a walk-in, checked in (clientId: sent again, stored once)',
        protect: true,
      },
    })
    .input(WalkInInput)
    .output(MarkResultSchema)
    .mutation(async ({ ctx, input }) => {
      if (input.unit != null) await checkMemberUnit(ctx.db, input.unit);
      return markAndAudit(ctx, input.at, 'walk-in', (trx, at, timeZone) => service.addWalkIn(trx, input, at, timeZone));
    }),
  setHours: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: {
        method: 'PUT',
        path: '/admin/attendance/{id}/hours',
        tags,
        summary: "Set an attendance's hours with a reason (null: derived again)",
        protect: true,
      },
    })
    .input(AttendanceHoursInput)
    .output(AttendeeSchema)
    .mutation(({ ctx, input }) =>
      audited(
        ctx,
        {
          entity: 'attendance',
          action: 'update',
          id: input.id,
          before: (trx) => service.hoursBefore(trx, input.id),
          changes: (_, before) => ({
            hours: { old: before?.hours == null ? null : Number(before.hours), new: input.hours },
            hoursReason: { old: before?.hoursReason ?? null, new: input.hours === null ? null : input.reason },
          }),
        },
        (trx) => service.setHours(trx, input),
      ),
    ),
  confirmHours: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: {
        method: 'POST',
        path: '/admin/attendance/{id}/confirm-hours',
        tags,
        summary: 'Confirm hours from check-in to check-out that run more than 2 hours past the shift or event (they count in full from then on)',
        protect: true,
      },
    })
    .input(IdInput)
    .output(AttendeeSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'attendance', action: 'confirm-hours', id: input.id, changes: (a) => ({ hours: { old: null, new: a.hours } }) }, (trx) =>
        service.confirmHours(trx, input.id),
      ),
    ),
  codeDetails: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/check-in-codes/{code}',
        tags,
        summary: "Whose check-in code this is and for what event and shift (the code is the key; 404 unless a confirmed place's)",
      },
    })
    .input(CheckInCodeInput)
    .output(CheckInCodeDetailsSchema)
    .query(async ({ ctx, input }) => {
      const details = await codeDetails(ctx.db, ctx.env.mail.linkSecret, input.code);
      if (!details) throw new AppError('NOT_FOUND', checkInCodeMessages.notValid);
      return details;
    }),
  resolveCode: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/events/{eventId}/check-in-code',
        tags,
        summary: 'The sign-up a scanned check-in code names (404 when not one of this event)',
        protect: true,
      },
    })
    .input(ResolveCodeInput)
    .output(ResolvedCodeSchema)
    .query(async ({ ctx, input }) => {
      const id = volunteerOfCode(ctx.env.mail.linkSecret, codeFromScan(input.code));
      const row =
        id === null
          ? undefined
          : await ctx.db.selectFrom('volunteers').select(['id', 'name']).where('id', '=', id).where('eventId', '=', input.eventId).executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', attendanceMessages.codeUnknown);
      return { volunteerId: row.id, name: row.name };
    }),
});
