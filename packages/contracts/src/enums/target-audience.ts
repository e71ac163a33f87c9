// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Target audiences of member communications. */
export const TARGET_AUDIENCES = ['all_members', 'officers', 'life_members', 'annual_members'] as const;
export type TargetAudience = (typeof TARGET_AUDIENCES)[number];
/** Audience labels as administrators and members read them. */
export const TARGET_AUDIENCE_LABELS: Record<TargetAudience, string> = {
  all_members: 'All Members',
  officers: 'Officers',
  life_members: 'Life Members',
  annual_members: 'Annual Members',
};
