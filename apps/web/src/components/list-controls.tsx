import { useId } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from 'lucide-react';
import { showingText } from '@post/contracts/showing-text';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { Label } from '@post/ui/components/label';
import { selectClass } from './form/select-class.ts';
import { useSyncedState } from '../lib/use-synced-state.ts';

/**
 * Search, filters and paging for admin lists (issue 20): a search box that applies on Enter or the
 * button (and on clearing it), "Showing 1–25 of 2,000", and Previous / Next.
 */
export function SearchBox({ label, value, onSearch, placeholder }: { label: string; value: string; onSearch: (q: string) => void; placeholder?: string }) {
  const id = useId();
  // The URL is the truth: Back and links update the box.
  const [text, setText] = useSyncedState(value);
  return (
    <form
      role="search"
      aria-label={label}
      className="flex w-full max-w-md items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-base font-semibold">
          {label}
        </label>
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value === '' && value !== '') onSearch('');
          }}
        />
      </div>
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

/** "Showing 1–25 of 2,000" and Previous / Next; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-base text-muted-foreground">
        {showingText(page, pageSize, total)}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <span className="text-base tabular-nums">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** A labelled list filter: one choice of a few, applied as soon as it changes. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
