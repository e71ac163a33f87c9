// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Service branches; 'unspecified' is shown as 'Not specified'. */
export const BRANCHES = ['Army', 'Navy', 'Air Force', 'Marines', 'Coast Guard', 'Space Force'] as const;
/** A member's branch as stored: one of BRANCHES, or 'unspecified'. */
export type Branch = 'unspecified' | (typeof BRANCHES)[number];

/** Button colour of the 'Hi {firstName}' button by branch (spec §2). */
export function branchColor(branch: string): 'army' | 'marines' | 'navy' {
  if (branch === 'Army') return 'army';
  if (branch === 'Marines') return 'marines';
  return 'navy';
}
