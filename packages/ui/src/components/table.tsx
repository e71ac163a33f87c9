import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';

import { cn } from '../lib/utils.ts';

/**
 * A data table inside a horizontally scrollable container. When the table is wider than the container,
 * the container becomes a focusable, labelled region (`scrollLabel`) so keyboard users can scroll it.
 */
export function Table({
  className,
  containerClassName,
  scrollLabel = 'Table (scroll sideways to see more)',
  ...props
}: React.ComponentProps<'table'> & {
  containerClassName?: string;
  scrollLabel?: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [scrollable, setScrollable] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const update = () => setScrollable(container.scrollWidth > container.clientWidth + 1);
    if (typeof ResizeObserver === 'undefined') {
      update();
      return;
    }
    // The observer reports the sizes once on its own, after the browser's next layout: measuring
    // here would force that layout inside the effect's task (decision 0063).
    const observer = new ResizeObserver(update);
    observer.observe(container);
    if (container.firstElementChild) observer.observe(container.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={containerRef}
      data-slot="table-container"
      data-scrollable={scrollable || undefined}
      tabIndex={scrollable ? 0 : undefined}
      role={scrollable ? 'region' : undefined}
      aria-label={scrollable ? scrollLabel : undefined}
      className={cn(
        'relative w-full overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        containerClassName,
      )}
    >
      <table data-slot="table" className={cn('w-full caption-bottom border-collapse text-base', className)} {...props} />
    </div>
  );
}

/** The table's header row group (`<thead>`). */
export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('bg-muted [&_tr]:border-b', className)} {...props} />;
}

/** The table's body row group (`<tbody>`). */
export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

/** A table row; set `data-state="selected"` to highlight it. */
export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cn('border-b transition-colors hover:bg-muted/60 data-[state=selected]:bg-muted', className)} {...props} />;
}

/** A header cell (`<th>`); pass `scope="col"` or `scope="row"` as appropriate. */
export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn('h-12 px-3 text-left align-middle font-semibold whitespace-nowrap text-foreground [&:has([role=checkbox])]:pr-0', className)}
      {...props}
    />
  );
}

/** A data cell (`<td>`). */
export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-3 py-3 align-middle [&:has([role=checkbox])]:pr-0', className)} {...props} />;
}
