import type * as React from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { buttonVariants } from '@post/ui/components/button';

/** A "Back to Dashboard" style link above a form. */
export function BackLink({ children = 'Back to Dashboard', ...link }: LinkProps & { children?: React.ReactNode }) {
  return (
    <Link {...link} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-2 text-base!' })}>
      <ArrowLeftIcon aria-hidden="true" />
      {children}
    </Link>
  );
}
