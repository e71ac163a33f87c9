// No zod here: the site header imports it on every page.

/** Button colour of the 'Hi {firstName}' button by branch (spec §2). */
export function branchColor(branch: string): 'army' | 'marines' | 'navy' {
  if (branch === 'Army') return 'army';
  if (branch === 'Marines') return 'marines';
  return 'navy';
}
