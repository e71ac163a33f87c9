import type * as React from 'react';
import { Slot } from 'radix-ui';

import { cn } from '../lib/utils.ts';

/** A bordered surface grouping related content. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card" className={cn('flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm', className)} {...props} />;
}

/** The top area of a card holding its title and description. */
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn(
        '@container/card-header grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-6',
        className,
      )}
      {...props}
    />
  );
}

/** The card's title; pass `asChild` with a heading element (`<CardTitle asChild><h2>…</h2></CardTitle>`) to give it a heading level. */
export function CardTitle({ className, asChild = false, ...props }: React.ComponentProps<'div'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'div';
  return <Comp data-slot="card-title" className={cn('text-xl leading-tight font-semibold', className)} {...props} />;
}

/** Secondary text under the card's title. */
export function CardDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-description" className={cn('text-base text-muted-foreground', className)} {...props} />;
}

/** The main body of a card. */
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

/** The bottom area of a card, typically holding actions. */
export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex flex-wrap items-center gap-2 px-6 [.border-t]:pt-6', className)} {...props} />;
}
