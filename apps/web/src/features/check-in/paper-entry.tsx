import { useEffect, useRef, useState } from 'react';
import { PlusIcon, SaveIcon } from 'lucide-react';
import type { DoorList } from '@post/contracts/door';
import { Button } from '@post/ui/components/button';
import { usePostFormat } from '../../lib/format.ts';
import { newClientId, type Mark } from '../../lib/door-store.ts';
import { readPaperTime } from './paper-time.ts';
import type { Shown } from './people-list.tsx';

/** Spare rows offered under each block at first, as on the printed sheet (decision 0084). */
const SPARE_ROWS = 3;
/** The latest time a row may say: a phone's clock may run a little behind the server's (as the server allows). */
const latestTime = () => Date.now() + 5 * 60_000;
type Typed = Record<string, { name?: string; in?: string; out?: string }>;
type Errors = Record<string, { name?: string; in?: string; out?: string }>;
interface Line {
  key: string;
  person: Shown | null;
}
interface Block {
  id: string;
  shift: DoorList['shifts'][number] | null;
  lines: Line[];
}

/** The sheet's blocks: a shift's sign-ups in sign-up order (as printed), its walk-ins, then its spare rows. */
function blocksOf(list: DoorList, people: Shown[], spares: Record<string, number>): Block[] {
  const placed = people.filter((p) => p.status === 'confirmed');
  const ofShift = (id: number | null) => placed.filter((p) => (id === null ? !list.shifts.some((s) => s.id === p.shiftId) : p.shiftId === id));
  const shifts = list.shifts.length > 0 ? list.shifts : [null];
  const blocks = shifts.map((s) => ({ id: s ? String(s.id) : 'event', shift: s, people: ofShift(s?.id ?? null) }));
  if (list.shifts.length > 0 && ofShift(null).length > 0) blocks.push({ id: 'none', shift: null, people: ofShift(null) });
  return blocks.map((b) => {
    const signUps = b.people.filter((p) => !p.walkIn).sort((x, y) => (x.volunteerId ?? 0) - (y.volunteerId ?? 0));
    const walkIns = b.people.filter((p) => p.walkIn);
    const spare = Array.from({ length: b.id === 'none' ? 0 : (spares[b.id] ?? SPARE_ROWS) }, (_, i) => ({ key: `s${b.id}-${i}`, person: null }));
    return { id: b.id, shift: b.shift, lines: [...[...signUps, ...walkIns].map((p) => ({ key: p.key, person: p })), ...spare] };
  });
}

/**
 * Typing in the printed sign-in sheet after the event (issue 59): every row of the sheet with its
 * Time in and Time out, times typed quickly ("905", "1:30 pm") and read near the shift, Enter to
 * the next row. Each row becomes one mark kept on the phone like the door's marks, so a row is
 * sent whole when there is a connection and a refused one waits in "Needs a decision".
 */
export function PaperEntry({ list, people, onSave }: { list: DoorList; people: Shown[]; onSave: (marks: Mark[]) => void }) {
  const f = usePostFormat();
  const draftKey = `paper-sheet:${list.event.id}`;
  const [typed, setTyped] = useState<Typed>(() => readDraft(draftKey));
  const [spares, setSpares] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [said, setSaid] = useState('');
  const form = useRef<HTMLFormElement>(null);
  // What was typed survives a reload or a discarded tab until it is saved (no lost form data).
  useEffect(() => writeDraft(draftKey, typed), [draftKey, typed]);

  const blocks = blocksOf(list, people, spares);
  const windowOf = (b: Block) => b.shift ?? list.event;
  const read = (b: Block, text: string | undefined) => readPaperTime(text ?? '', windowOf(b), f.timeZone);
  const set = (key: string, field: 'name' | 'in' | 'out', value: string) => {
    setTyped((t) => ({ ...t, [key]: { ...t[key], [field]: value } }));
    if (errors[key]?.[field]) setErrors((e) => ({ ...e, [key]: { ...e[key], [field]: undefined } }));
  };

  const save = () => {
    const marks: Mark[] = [];
    const found: Errors = {};
    const saved: string[] = [];
    const now = latestTime();
    for (const b of blocks)
      for (const { key, person: p } of b.lines) {
        const t = typed[key];
        if (!t || (!t.in?.trim() && !t.out?.trim() && !t.name?.trim())) continue;
        const inT = p?.checkedInAt ? null : read(b, t.in);
        const outT = p?.checkedOutAt ? null : read(b, t.out);
        const e: Errors[string] = {};
        if (inT?.error) e.in = inT.error;
        else if (inT?.at && Date.parse(inT.at) > now) e.in = 'That time has not come yet.';
        if (outT?.error) e.out = outT.error;
        else if (outT?.at && Date.parse(outT.at) > now) e.out = 'That time has not come yet.';
        const inAt = inT?.at ?? p?.checkedInAt ?? null;
        if (!e.in && !e.out && outT?.at && !inAt) e.in = 'Type the time in too.';
        if (!e.out && outT?.at && inAt && Date.parse(outT.at) < Date.parse(inAt)) e.out = 'Time out is before time in.';
        if (!p && (t.name?.trim().length ?? 0) < 2) e.name = 'Type the name written on the sheet.';
        if (!p && !inT) e.in ??= 'Type the time in.';
        if (e.in || e.out || e.name) {
          found[key] = e;
          continue;
        }
        if (!inT?.at && !outT?.at) continue;
        const name = p ? p.name : t.name!.trim();
        marks.push({
          clientId: newClientId(),
          at: (inT?.at ?? outT?.at)!,
          eventId: list.event.id,
          kind: 'paper',
          name,
          volunteerId: p?.volunteerId ?? null,
          attendanceId: p && p.volunteerId === null ? p.attendanceId : null,
          shiftId: p ? p.shiftId : (b.shift?.id ?? null),
          shiftRole: p ? p.role : (b.shift?.role ?? null),
          inAt: inT?.at ?? null,
          outAt: outT?.at ?? null,
        });
        saved.push(key);
      }
    setErrors(found);
    if (marks.length > 0) onSave(marks);
    setTyped((t) => Object.fromEntries(Object.entries(t).filter(([k]) => !saved.includes(k))));
    const bad = Object.keys(found).length;
    setSaid(
      [
        marks.length > 0
          ? `${marks.length} ${marks.length === 1 ? 'row' : 'rows'} saved${navigator.onLine ? '' : ' on this phone, sent when the connection returns'}.`
          : '',
        bad > 0 ? `${bad} ${bad === 1 ? 'row needs' : 'rows need'} a look: see the messages in red.` : '',
        marks.length === 0 && bad === 0 ? 'Nothing new to save: type a time in a row first.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    if (bad > 0) requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
  };

  // Enter goes to the same column of the next row, as on a spreadsheet; the last row's Enter saves.
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const col = e.currentTarget.dataset.col;
    const all = Array.from(form.current?.querySelectorAll<HTMLInputElement>(`input[data-col="${col}"]`) ?? []);
    const next = all[all.indexOf(e.currentTarget) + 1];
    if (next) next.focus();
    else save();
  };

  const field = (key: string, col: 'name' | 'in' | 'out', label: string, b: Block, who: string) => {
    const id = `paper-${key}-${col}`;
    const error = errors[key]?.[col];
    const reading = col !== 'name' && !error ? read(b, typed[key]?.[col]) : null;
    return (
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-semibold">
          {label}
          <span className="sr-only">, {who}</span>
        </label>
        <input
          id={id}
          data-col={col}
          value={typed[key]?.[col] ?? ''}
          onChange={(e) => set(key, col, e.target.value)}
          onKeyDown={onKeyDown}
          inputMode={col === 'name' ? 'text' : 'numeric'}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || reading?.at ? `${id}-note` : undefined}
          className="h-11 w-full scroll-mb-24 rounded-md border border-input bg-background px-3 text-base aria-invalid:border-flag-red-700"
        />
        {error ? (
          <p id={`${id}-note`} className="mt-1 text-sm text-flag-red-700">
            {error}
          </p>
        ) : reading?.at ? (
          <p id={`${id}-note`} className="mt-1 text-sm text-muted-foreground">
            {f.time(reading.at)}
          </p>
        ) : null}
      </div>
    );
  };
  const shown = (at: string | null, label: string) => (
    <div className="min-w-0">
      <p className="text-sm font-semibold">{label}</p>
      <p className="flex h-11 items-center text-base">{at ? f.time(at) : '–'}</p>
    </div>
  );

  return (
    <form
      ref={form}
      aria-label="Type in the paper sheet"
      className="space-y-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <p className="max-w-prose text-base text-muted-foreground">
        Type the times written on the printed sheet: 905 is 9:05, 1330 or 1:30 pm is 1:30 PM; without am or pm the time nearest the shift is taken. Enter goes
        to the next row. Times already marked at the door are shown and kept.
      </p>
      {blocks.map((b) => (
        <fieldset key={b.id} className="space-y-3">
          <legend className="mb-2 text-xl font-bold text-navy-800">
            {b.shift ? `${b.shift.role}, ${f.time(b.shift.startDate)} to ${f.time(b.shift.endDate)}` : b.id === 'none' ? 'No shift' : 'Volunteers'}
          </legend>
          <ol className="space-y-3">
            {b.lines.map(({ key, person: p }, i) => {
              const who = p ? p.name : `spare row ${i + 1 - b.lines.filter((l) => l.person).length}`;
              return (
                <li
                  key={key}
                  data-paper-row={p ? p.name : `spare-${b.id}-${i}`}
                  className="grid grid-cols-2 items-start gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[2rem_1fr_10rem_10rem]"
                >
                  <span className="hidden pt-7 text-base text-muted-foreground tabular-nums sm:block">{i + 1}</span>
                  <div className="col-span-2 min-w-0 sm:col-span-1">
                    {p ? (
                      <>
                        <p className="hidden text-sm font-semibold sm:invisible sm:block">Name</p>
                        <p className="flex min-h-11 items-center text-lg font-semibold">
                          {p.name}
                          {p.walkIn ? <span className="ml-2 text-base font-normal text-muted-foreground">(walk-in)</span> : null}
                          {p.pendingMark ? <span className="ml-2 text-base font-normal text-muted-foreground">(not sent yet)</span> : null}
                        </p>
                      </>
                    ) : (
                      field(key, 'name', 'Name (walk-in)', b, who)
                    )}
                  </div>
                  {p?.checkedInAt ? shown(p.checkedInAt, 'Time in') : field(key, 'in', 'Time in', b, who)}
                  {p?.checkedOutAt ? shown(p.checkedOutAt, 'Time out') : field(key, 'out', 'Time out', b, who)}
                </li>
              );
            })}
          </ol>
          {b.id !== 'none' ? (
            <Button type="button" variant="outline" className="min-h-11" onClick={() => setSpares((s) => ({ ...s, [b.id]: (s[b.id] ?? SPARE_ROWS) + 1 }))}>
              <PlusIcon aria-hidden="true" />
              Another spare row{b.shift ? ` for ${b.shift.role}` : ''}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t bg-background py-3">
        <Button type="submit" className="min-h-11">
          <SaveIcon aria-hidden="true" />
          Save the times
        </Button>
        <p role="status" className="text-base">
          {said}
        </p>
      </div>
    </form>
  );
}

function readDraft(key: string): Typed {
  try {
    const v: unknown = JSON.parse(window.sessionStorage.getItem(key) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Typed) : {};
  } catch {
    return {};
  }
}
function writeDraft(key: string, typed: Typed) {
  try {
    if (Object.keys(typed).length === 0) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(typed));
  } catch {
    // A full or missing storage: the typing stays on the page.
  }
}
