// Kept without zod so public pages can import it (decision 0063); its schema is in ../enum-schemas.ts.

/** Access levels of member resources. */
export const ACCESS_LEVELS = ['member', 'officers', 'life_members', 'annual_members'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
/** Access level labels ('member' means every member). */
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = {
  member: 'All Members',
  officers: 'Officers',
  life_members: 'Life Members',
  annual_members: 'Annual Members',
};
