import type * as React from 'react';

import { cn } from '../lib/utils.ts';

/** A pulsing placeholder shown while content loads (hidden from assistive technology; announce loading separately). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('rounded-md bg-secondary motion-safe:animate-pulse', className)} {...props} />;
}
