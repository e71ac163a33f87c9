import { describe, expect, it } from 'vitest';
import { twMerge } from 'tailwind-merge';
import { badgeVariants } from '@post/ui/components/badge';
import { buttonVariants } from '@post/ui/components/button';

// `cn` joins class names without merging them (decision 0106), so a primitive's variants must
// never set one property twice: tailwind-merge, here only, says which classes would clash.
const VARIANTS = [null, 'default', 'primary', 'destructive', 'outline', 'danger', 'secondary', 'ghost', 'link'] as const;
const SIZES = [null, 'default', 'sm', 'lg', 'icon', 'wrap'] as const;
const BADGES = [null, 'default', 'secondary', 'destructive', 'outline', 'success', 'warning', 'urgent', 'high', 'normal', 'low'] as const;

/** The classes of `joined` that a later class of the same property would override. */
function clashes(joined: string): string[] {
  const kept = new Set(twMerge(joined).split(' '));
  return joined.split(' ').filter((c) => !kept.has(c));
}

describe('primitive variants set each property once', () => {
  it('every button variant with every size', () => {
    for (const variant of VARIANTS) for (const size of SIZES) expect(clashes(buttonVariants({ variant, size })), `${variant} ${size}`).toEqual([]);
  });

  it('every badge variant', () => {
    for (const variant of BADGES) expect(clashes(badgeVariants({ variant })), String(variant)).toEqual([]);
  });

  it('a clash is seen (the check itself works)', () => {
    expect(clashes('h-11 px-5 text-base text-sm')).toEqual(['text-base']);
  });
});
