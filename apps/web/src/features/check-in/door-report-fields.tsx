import { useCallback, useId, useState } from 'react';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { Input } from '@post/ui/components/input';
import { selectClass } from '../../components/form/select-class.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

// What the door records for the report forms (issue 60, decision 0094): round-trip miles at
// check-out and a walk-in's unit. Kept apart from the check-in page, which renders these.

const milesKey = (eventId: number) => `door-miles:${eventId}`;

/** A figure of miles as typed: '' (the event's default), a number from 0 to 5,000, or wrong. */
function parseMiles(text: string): number | null | 'bad' {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= 5000 ? Math.round(n * 10) / 10 : 'bad';
}

/**
 * The miles each check-out records, and a walk-in's unit: the officer sets the miles once for the
 * people leaving together (and changes them for someone who came further); blank is the event's
 * default. Kept on the phone per event, so a reload at the door keeps them.
 */
export function useDoorReportFields(eventId: number) {
  const [milesText, setMilesText] = useState(() => (typeof window === 'undefined' ? '' : (window.localStorage.getItem(milesKey(eventId)) ?? '')));
  const [unit, setUnit] = useState('');
  const setMiles = useCallback(
    (text: string) => {
      setMilesText(text);
      if (text.trim() === '') window.localStorage.removeItem(milesKey(eventId));
      else window.localStorage.setItem(milesKey(eventId), text);
    },
    [eventId],
  );
  const parsed = parseMiles(milesText);
  return {
    milesText,
    setMiles,
    milesError: parsed === 'bad' ? serviceHoursMessages.milesRange : null,
    /** The miles a check-out sends: undefined leaves the event's default to the server (and to a wrong figure). */
    miles: typeof parsed === 'number' ? parsed : undefined,
    unit,
    setUnit,
    /** The walk-in's unit, and back to "Guest" for the next one. */
    takeUnit: () => {
      const u = unit || null;
      setUnit('');
      return u;
    },
  };
}
export type DoorReportFields = ReturnType<typeof useDoorReportFields>;

/** "Round-trip miles at check-out" above the people list. */
export function CheckOutMilesField({ eventId, fields }: { eventId: number; fields: DoorReportFields }) {
  const id = useId();
  const figures = trpc.reports.eventFigures.useQuery({ id: eventId }, { staleTime: 60_000, retry: false });
  const fallback = figures.data?.defaultMiles;
  return (
    <div className="max-w-md">
      <label htmlFor={id} className="mb-1 block text-base font-semibold">
        Round-trip miles at check-out (optional)
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={5000}
        step={0.1}
        value={fields.milesText}
        onChange={(e) => fields.setMiles(e.currentTarget.value)}
        aria-invalid={fields.milesError ? true : undefined}
        aria-describedby={`${id}-hint${fields.milesError ? ` ${id}-error` : ''}`}
        className="min-h-11"
      />
      <p id={`${id}-hint`} className="mt-1 text-base text-muted-foreground">
        Recorded with each check-out from now on, for the VFW&apos;s miles per member. Blank:{' '}
        {fallback != null ? `the event's ${fallback.toLocaleString('en-US')} miles` : "the event's default, if it has one"}.
      </p>
      {fields.milesError ? (
        <p id={`${id}-error`} role="alert" className="mt-1 font-semibold text-destructive">
          {fields.milesError} Until it is corrected, check-outs take the event&apos;s default.
        </p>
      ) : null}
    </div>
  );
}

/** A walk-in's unit, for someone who is not a member (a member's e-mail brings their own). */
export function WalkInUnitField({ fields }: { fields: DoorReportFields }) {
  const id = useId();
  const { units } = useSiteSettings().data.reporting;
  return (
    <div className="max-w-md">
      <label htmlFor={id} className="mb-1 block text-base font-semibold">
        Unit (optional)
      </label>
      <select id={id} value={fields.unit} onChange={(e) => fields.setUnit(e.currentTarget.value)} aria-describedby={`${id}-hint`} className={selectClass}>
        <option value="">Guest (no unit)</option>
        {units.map((u) => (
          <option key={u.key} value={u.key}>
            {u.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-base text-muted-foreground">
        For the report forms. A member found by e-mail counts under their own unit.
      </p>
    </div>
  );
}
