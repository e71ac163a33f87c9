import { useId, useMemo, useState } from 'react';
import { cn } from '@post/ui/lib/utils';
import { Input } from '@post/ui/components/input';

/** How many matches the list shows at once: type more to narrow it. */
const SHOWN = 8;

/** Members whose name has every typed word at the start of one of its words ("jo sm" finds John Smith). */
export function matchMembers<M extends { name: string }>(members: readonly M[], typed: string): M[] {
  const words = typed.toLocaleLowerCase('en-US').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return members.filter((m) => {
    const parts = m.name.toLocaleLowerCase('en-US').split(/[\s-]+/);
    return words.every((w) => parts.some((p) => p.startsWith(w)));
  });
}

/**
 * The Add service "Member" field (decision 0096): type part of a name and choose from the matches,
 * in place of a select of every member. An ARIA 1.2 combobox with a list: arrows move through the
 * matches, Enter chooses, Escape closes; typing again after a choice clears it (someone else).
 */
export function MemberSearchField({
  members,
  value,
  initialText,
  onChange,
}: {
  members: readonly { id: number; name: string }[];
  /** The chosen member's id as the form keeps it ('' for someone else). */
  value: string;
  initialText: string;
  onChange: (memberId: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchMembers(members, text).slice(0, SHOWN), [members, text]);
  const shown = open && matches.length > 0;
  const choose = (m: { id: number; name: string }) => {
    setText(m.name);
    setOpen(false);
    onChange(String(m.id));
  };
  const chosen = members.find((m) => String(m.id) === value);
  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1 block text-base font-semibold">
        Member
      </label>
      <Input
        id={`${id}-input`}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={shown ? `${id}-option-${active}` : undefined}
        value={text}
        placeholder="Type part of a name"
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange('');
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            if (matches.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
          } else if (e.key === 'Enter' && shown) {
            e.preventDefault();
            choose(matches[active]!);
          } else if (e.key === 'Escape' && shown) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-base text-muted-foreground">
        {chosen
          ? `Member: ${chosen.name}.`
          : text.trim() && !shown
            ? 'No member by that name: type the name below as someone else.'
            : 'Leave it empty for someone else and type the name below.'}
      </p>
      {/* The options are chosen by pointer or by the input's keys (aria-activedescendant), as the combobox pattern has it. */}
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Members"
        className={cn('absolute inset-x-0 top-[4.75rem] z-50 max-h-80 overflow-y-auto rounded-md border bg-popover p-1 shadow-lg', !shown && 'hidden')}
      >
        {matches.map((m, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={m.id}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            className={cn('flex min-h-11 cursor-pointer items-center rounded px-3 text-base', i === active && 'bg-accent text-accent-foreground')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(m)}
          >
            {m.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
