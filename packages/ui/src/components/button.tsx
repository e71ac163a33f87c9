import type * as React from 'react';
import { cva } from 'class-variance-authority';
import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';

import { cn } from '../lib/utils.ts';

/**
 * Class names of the button variants, also usable on links (`<a className={buttonVariants()}>`).
 * Classes are added, never merged (decision 0106): a caller that sets its own colours passes
 * `variant: null`, one that sets its own height, padding and text size passes `size: null`.
 */
export const buttonVariants = cva(
  [
    'inline-flex items-center justify-center rounded-md font-semibold transition-[color,background-color,border-color,box-shadow]',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-5",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
        outline: 'border border-input bg-background text-foreground shadow-xs hover:bg-accent hover:text-accent-foreground',
        // An outline button that removes or deletes something (it asks first).
        danger: 'border border-input bg-background text-flag-red-700 shadow-xs hover:bg-accent hover:text-flag-red-800',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline underline-offset-4 hover:decoration-2',
      },
      size: {
        default: 'h-11 min-h-11 shrink-0 gap-2 px-5 py-2 text-base whitespace-nowrap has-[>svg]:px-4',
        // On a touch screen a small button is as tall as any other: older hands (docs/decisions/0075).
        sm: 'h-9 shrink-0 gap-1.5 px-3 text-sm whitespace-nowrap pointer-coarse:h-11 has-[>svg]:px-2.5',
        lg: 'h-12 shrink-0 gap-2 px-7 text-lg whitespace-nowrap has-[>svg]:px-5',
        icon: 'size-11 min-h-11 shrink-0 gap-2 text-base',
        // A label that may run onto a second line on a phone: the button grows instead of overflowing.
        wrap: 'min-h-11 gap-2 px-5 py-2 text-base whitespace-normal has-[>svg]:px-4',
      },
    },
    defaultVariants: {
      variant: 'default',
      size: 'default',
    },
  },
);

/** A button (or, with `asChild`, its single child such as a link) styled by `variant` and `size`. */
export function Button({
  className,
  variant = 'default',
  size = 'default',
  asChild = false,
  ...props
}: React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
  }) {
  const Comp = asChild ? Slot.Root : 'button';

  return <Comp data-slot="button" data-variant={variant} data-size={size} className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
