import type * as React from 'react';
import type { RosterChange, RosterImportResult } from '@post/contracts/roster-import';
import { dayText } from '@post/contracts/rules/dues';

/** "Ray Ise (#NR-100)", or the number alone when the file has no name column. */
function who(r: { name: string | null; membershipNumber: string }): string {
  return r.name ? `${r.name} (#${r.membershipNumber})` : `#${r.membershipNumber}`;
}

const yearText = (y: number | null) => (y === null ? 'none' : String(y));
// Anniversary dues: the days paid through (decision 0098).
const fromText = (c: RosterChange) => (c.toOn ? (c.fromOn ? dayText(c.fromOn) : 'none') : yearText(c.from));
const toText = (c: RosterChange) => (c.toOn ? dayText(c.toOn) : String(c.to));

function List({ title, label, count, help, children }: { title: string; label: string; count: number; help?: string; children: React.ReactNode }) {
  if (count === 0) return null;
  return (
    <section>
      <h3 className="mb-2 text-lg font-semibold">
        {title} ({count})
      </h3>
      {help ? <p className="mb-2 text-base text-muted-foreground">{help}</p> : null}
      <ul className="space-y-2" aria-label={label}>
        {children}
      </ul>
    </section>
  );
}

function itemClass(tone?: 'warn' | 'bad'): string {
  const colours =
    tone === 'bad' ? 'border-flag-red-300 bg-flag-red-50 text-flag-red-800' : tone === 'warn' ? 'border-gold bg-gold/10 text-navy-900' : 'bg-card';
  return `rounded-md border p-3 text-base break-words ${colours}`;
}

function Change({ c, lower }: { c: RosterChange; lower?: boolean }) {
  return (
    <li className={itemClass(lower ? 'warn' : undefined)}>
      <span className="font-semibold">{who(c)}</span>, row {c.row}:{' '}
      {lower ? (
        <>
          the roster says {toText(c)}, the directory has {fromText(c)}. Not lowered.
        </>
      ) : (
        <>
          paid through {fromText(c)} → <span className="font-semibold">{toText(c)}</span>
        </>
      )}
    </li>
  );
}

/**
 * Members the roster renews who are marked inactive (moved away, or set aside when their dues
 * lapsed): the preview asks whether to make each active again; the result says what was done (decision 0095).
 */
function Reactivate({ report, reactivate, onReactivate }: Required<Props>) {
  const inactive = report.updated.filter((c) => c.inactive);
  if (inactive.length === 0) return null;
  if (!report.dryRun) {
    const done = inactive.filter((c) => reactivate.has(c.memberId));
    const left = inactive.length - done.length;
    return (
      <p className="rounded-md border border-gold bg-gold/10 p-3 text-base" role="status">
        {done.length > 0 ? `Made active again: ${done.map(who).join(', ')}. ` : ''}
        {left > 0 ? `${left} renewed ${left === 1 ? 'member stays' : 'members stay'} inactive.` : ''}
      </p>
    );
  }
  return (
    <fieldset className="space-y-2 rounded-md border border-gold bg-gold/10 p-3">
      <legend className="px-1 text-lg font-semibold">Make active again? ({inactive.length})</legend>
      <p className="text-base">
        The roster renews {inactive.length === 1 ? 'this member, who is' : 'these members, who are'} marked inactive here. Ticked, they become active with the
        import; untick anyone who should stay inactive.
      </p>
      {inactive.map((c) => (
        <label key={c.memberId} className="flex min-h-11 items-center gap-3 text-base">
          <input type="checkbox" className="size-5" checked={reactivate.has(c.memberId)} onChange={(e) => onReactivate(c.memberId, e.target.checked)} />
          <span>Make {who(c)} active again</span>
        </label>
      ))}
    </fieldset>
  );
}

interface Props {
  report: RosterImportResult;
  /** The inactive members to make active again, and the tick that changes it. */
  reactivate?: Set<number>;
  onReactivate?: (memberId: number, on: boolean) => void;
}

/** What a roster import will do (the preview) or did: each row's outcome, grouped (decision 0065). */
export function RosterReport({ report, reactivate = new Set(), onReactivate = () => undefined }: Props) {
  const preview = report.dryRun;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-lg" aria-label="Roster counts">
        <dt className="font-semibold">{preview ? 'Paid-through years to update' : 'Paid-through years updated'}</dt>
        <dd>{report.updated.length}</dd>
        <dt className="font-semibold">Unchanged</dt>
        <dd>{report.unchanged.length}</dd>
        <dt className="font-semibold">Lower than ours, not applied</dt>
        <dd>{report.lower.length}</dd>
        <dt className="font-semibold">Not matched to a member</dt>
        <dd>{report.unmatched.length}</dd>
        <dt className="font-semibold">Rows that could not be read</dt>
        <dd>{report.rejected.length}</dd>
      </dl>
      <Reactivate report={report} reactivate={reactivate} onReactivate={onReactivate} />
      <List title={preview ? 'Paid-through changes' : 'Paid-through years updated'} label="Paid-through changes" count={report.updated.length}>
        {report.updated.map((c) => (
          <Change key={c.row} c={c} />
        ))}
      </List>
      <List
        title="Lower than ours, not applied"
        label="Lower than ours"
        count={report.lower.length}
        help="The roster has an earlier year than the directory, perhaps a payment not yet reported to National. Check these members; a year is never lowered by an import."
      >
        {report.lower.map((c) => (
          <Change key={c.row} c={c} lower />
        ))}
      </List>
      <List
        title="Not matched to a member"
        label="Not matched"
        count={report.unmatched.length}
        help="No member in the directory has these membership numbers. Add those who belong to the post, then import the roster again."
      >
        {report.unmatched.map((u) => (
          <li key={u.row} className={itemClass('warn')}>
            <span className="font-semibold">Row {u.row}:</span> {who(u)}
            {u.year ? `, paid through ${u.year}` : ''}
          </li>
        ))}
      </List>
      <List title="Rows that could not be read" label="Rows not read" count={report.rejected.length}>
        {report.rejected.map((r) => (
          <li key={r.row} className={itemClass('bad')}>
            <span className="font-semibold">
              Row {r.row}
              {r.membershipNumber ? `, ${who(r)}` : ''}:
            </span>{' '}
            {r.reason}
          </li>
        ))}
      </List>
      {report.unchanged.length > 0 ? (
        <details>
          <summary className="cursor-pointer rounded-sm py-2 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-ring">
            Unchanged ({report.unchanged.length})
          </summary>
          <ul className="mt-2 space-y-1 text-base" aria-label="Unchanged">
            {report.unchanged.map((u) => (
              <li key={u.row}>
                Row {u.row}: {who(u)}, {u.note ?? `paid through ${yearText(u.year)}`}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
