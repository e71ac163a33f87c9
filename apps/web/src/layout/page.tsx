import type * as React from 'react';

/** A page's frame: width, spacing and its one h1. */
export function Page({
  title,
  intro,
  children,
  actions,
  before,
}: {
  title: React.ReactNode;
  intro?: React.ReactNode;
  children?: React.ReactNode;
  actions?: React.ReactNode;
  /** Shown above the h1, e.g. a "Back to Dashboard" link. */
  before?: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      {before}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-800">{title}</h1>
          {intro ? <p className="mt-2 text-lg text-muted-foreground">{intro}</p> : null}
        </div>
        {actions ? (
          <div data-slot="page-actions" className="flex flex-wrap gap-2">
            {actions}
          </div>
        ) : null}
      </div>
      {children}
    </div>
  );
}
