// Kept without zod, measured (issue 16): with these folded back into their zod modules, the
// first JavaScript of the public routes grew from 157-170 KB to 182-194 KB gzip (zod's core is
// about 24 KB gzip), over the 170 KB budget. The zod modules re-export them, so there is one
// source of each value; code that validates imports the zod module.

/** Button colour of the 'Hi {firstName}' button by branch (spec §2). */
export function branchColor(branch: string): 'army' | 'marines' | 'navy' {
  if (branch === 'Army') return 'army';
  if (branch === 'Marines') return 'marines';
  return 'navy';
}
