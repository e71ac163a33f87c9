// Kept without zod so that public pages' first JavaScript stays in its budget (decision 0063); the
// zod modules re-export these, so each value has one source.

/** Button colour of the 'Hi {firstName}' button by branch (spec §2). */
export function branchColor(branch: string): 'army' | 'marines' | 'navy' {
  if (branch === 'Army') return 'army';
  if (branch === 'Marines') return 'marines';
  return 'navy';
}
