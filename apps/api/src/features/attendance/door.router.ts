import { MarkResultSchema, type MarkResult } from '@post/contracts/attendance';
import { IdInput } from '@post/contracts/common';
import { DoorListSchema, DoorPaperInput, DoorPlaceInput, DoorUndoInput, DoorUndoResultSchema, doorMessages } from '@post/contracts/door';
import { adminProcedure, router } from '../../trpc.ts';
import { auditActor, recordAudit } from '../audit/audit.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { markTime } from './attendance.service.ts';
import { doorList, givePlaceAndCheckIn, undoMark } from './door.service.ts';
import { enterPaperRow } from './door-paper.service.ts';

const tags = ['Attendance'];

/** Whether a person is a member is administrators' to know (decision 0081): an editor's answer leaves it out. */
const forCaller = (ctx: { user: { role: string } }, r: MarkResult): MarkResult =>
  ctx.user.role === 'administrator' ? r : { ...r, attendee: { ...r.attendee, memberId: null } };

/** The door's own procedures (issue 59, decision 0084), kept apart from the marks of attendance.router.ts. */
export const doorRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/events/{id}/door',
        tags,
        summary:
          'What the check-in page keeps on the phone: the event and its shifts with their room, its people with their place (confirmed or waiting) and marks, no contact details',
        protect: true,
      },
    })
    .input(IdInput)
    .output(DoorListSchema)
    .query(({ ctx, input }) => doorList(ctx.db, input.id)),
  givePlace: adminProcedure
    .meta({
      changesContent: true,
      audit: ['volunteer', 'attendance'],
      openapi: {
        method: 'POST',
        path: '/admin/volunteers/{id}/door-place',
        tags,
        summary:
          'Give a waiting sign-up a place at the door and check them in (at: the time an offline phone made the mark); 409 when the shift is full unless overCapacity; sent again it changes nothing',
        protect: true,
      },
    })
    .input(DoorPlaceInput)
    .output(MarkResultSchema)
    .mutation(async ({ ctx, input }) => {
      const at = markTime(input.at);
      const { timeZone } = await getSettings(ctx.db);
      return inTransaction(ctx.db, async (trx) => {
        const result = await givePlaceAndCheckIn(trx, ctx.env.siteUrl, { id: input.id, overCapacity: input.overCapacity }, at, timeZone);
        if (!result.already) {
          const actor = auditActor(ctx, ctx.user);
          await recordAudit(trx, actor, {
            entity: 'volunteer',
            entityId: input.id,
            action: 'promote',
            changes: { status: { old: 'waitlisted', new: 'confirmed' } },
          });
          const a = result.attendee;
          await recordAudit(trx, actor, {
            entity: 'attendance',
            entityId: a.attendanceId,
            action: 'check-in',
            changes: { name: { old: null, new: a.name }, checkedInAt: { old: null, new: a.checkedInAt } },
          });
        }
        return forCaller(ctx, result);
      });
    }),
  paperRow: adminProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: {
        method: 'POST',
        path: '/admin/events/{id}/paper-times',
        tags,
        summary:
          "One row of the printed sign-in sheet typed in after the event: a sign-up's (volunteerId) or a walk-in's (attendanceId) time in and out, or a walk-in from a spare row (name, shiftId, in); stored whole or not at all, and sent again it changes nothing",
        protect: true,
      },
    })
    .input(DoorPaperInput)
    .output(MarkResultSchema)
    .mutation(async ({ ctx, input }) => {
      const times = { in: input.in ? markTime(input.in) : undefined, out: input.out ? markTime(input.out) : undefined };
      const { timeZone } = await getSettings(ctx.db);
      return inTransaction(ctx.db, async (trx) => {
        const { result, made } = await enterPaperRow(trx, input, times, timeZone);
        const actor = auditActor(ctx, ctx.user);
        for (const { action, result: r } of made) {
          const field = action === 'check-out' ? 'checkedOutAt' : 'checkedInAt';
          const a = r.attendee;
          await recordAudit(trx, actor, {
            entity: 'attendance',
            entityId: a.attendanceId,
            action,
            changes: {
              name: { old: null, new: a.name },
              [field]: { old: null, new: a[field] },
              hours: { old: null, new: a.hours },
              source: { old: null, new: 'paper sheet' },
            },
          });
        }
        return forCaller(ctx, result);
      });
    }),
  undo: adminProcedure
    .meta({
      changesContent: true,
      audit: 'attendance',
      openapi: {
        method: 'POST',
        path: '/admin/attendance/{id}/undo',
        tags,
        summary:
          "Take back a mis-tapped mark: mark=check-out clears the departure, mark=check-in removes the arrival's record (409 when there is no such mark, or an administrator set the hours)",
        protect: true,
      },
    })
    .input(DoorUndoInput)
    .output(DoorUndoResultSchema)
    .mutation(async ({ ctx, input }) => {
      return inTransaction(ctx.db, async (trx) => {
        const done = await undoMark(trx, input);
        await recordAudit(trx, auditActor(ctx, ctx.user), {
          entity: 'attendance',
          entityId: input.id,
          action: input.mark === 'check-in' ? 'delete' : 'update',
          changes:
            input.mark === 'check-in'
              ? { checkedInAt: { old: done.before.checkedInAt, new: null } }
              : { checkedOutAt: { old: done.before.checkedOutAt, new: null } },
        });
        return { message: input.mark === 'check-in' ? doorMessages.checkInUndone(done.name) : doorMessages.checkOutUndone(done.name) };
      });
    }),
});
