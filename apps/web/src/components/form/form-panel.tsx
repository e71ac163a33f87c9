import type * as React from 'react';
import { cn } from '@post/ui/lib/utils';

/** The white panel a form sits on. */
export function FormPanel({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn('max-w-3xl rounded-xl border bg-card p-4 shadow-sm sm:p-6', className)}>{children}</div>;
}
