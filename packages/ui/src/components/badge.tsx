import type * as React from 'react';
import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';

import { cn } from '../lib/utils.ts';

/**
 * Class names of the badge variants. Status: default, secondary, destructive, outline, success, warning.
 * Priority (member communications): urgent (red), high (orange), normal (blue), low (grey).
 * A caller that colours the badge itself passes `variant={null}` (classes are not merged, decision 0106).
 */
export const badgeVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-full border px-2.5 py-0.5 text-sm leading-normal font-semibold whitespace-nowrap transition-[color,box-shadow]',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
    '[a&]:underline-offset-2 [a&]:hover:underline [&>svg]:pointer-events-none [&>svg]:size-3.5',
  ],
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        outline: 'border-input bg-background text-foreground',
        success: 'border-transparent bg-success text-success-foreground',
        warning: 'border-transparent bg-warning text-warning-foreground',
        urgent: 'border-transparent bg-priority-urgent text-priority-urgent-foreground',
        high: 'border-transparent bg-priority-high text-priority-high-foreground',
        normal: 'border-transparent bg-priority-normal text-priority-normal-foreground',
        low: 'border-input bg-priority-low text-priority-low-foreground',
      },
    },
    defaultVariants: {
      variant: 'default',
    },
  },
);

/** A small status or priority label; with `asChild` it styles its single child (e.g. a link). */
export function Badge({
  className,
  variant = 'default',
  asChild = false,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'span';

  return <Comp data-slot="badge" data-variant={variant} className={cn(badgeVariants({ variant }), className)} {...props} />;
}
