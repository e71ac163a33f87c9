import type * as React from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';

/** A "Back to Dashboard" style link above a form. */
export function BackLink({ children = 'Back to Dashboard', ...link }: LinkProps & { children?: React.ReactNode }) {
  return (
    <Link {...link} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-3 mb-2 text-base')}>
      <ArrowLeftIcon aria-hidden="true" />
      {children}
    </Link>
  );
}
