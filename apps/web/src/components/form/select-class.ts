import { cn } from '@post/ui/lib/utils';

// Apart from SelectField, so a list's filter takes the look without react-hook-form (decision 0101).
/** Native select styled like the inputs: the phone's own picker, full keyboard support. */
export const selectClass = cn(
  'flex h-11 min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20 disabled:cursor-not-allowed disabled:opacity-50',
);
