// Kept without zod so public pages can import it (decision 0063); the schema is in honors-settings.ts.

/** The roles every post's list keeps (decision 0088): their keys are pinned, their labels may change. */
export const PINNED_HONOR_ROLES = ['leader', 'bugler', 'rifle', 'flag', 'chaplain', 'driver'] as const;

/** One honor-guard role: a stable key and the label members see ("I can serve as Rifle"). */
export interface HonorRole {
  key: string;
  label: string;
}

/** One line of the detail template: how many of a role a detail needs. */
export interface HonorTemplateLine {
  role: string;
  count: number;
}

/** The funeral honors block of Settings. */
export interface HonorsSettings {
  roles: HonorRole[];
  template: HonorTemplateLine[];
  /** Hours a detail's shifts last, from the service's start. */
  detailHours: number;
}

/** Defaults: a VSO honor guard's usual roles and a full detail (decision 0088). */
export const DEFAULT_HONORS_SETTINGS: HonorsSettings = {
  roles: [
    { key: 'leader', label: 'Detail leader' },
    { key: 'bugler', label: 'Bugler' },
    { key: 'rifle', label: 'Rifle' },
    { key: 'flag', label: 'Flag' },
    { key: 'chaplain', label: 'Chaplain' },
    { key: 'driver', label: 'Driver' },
  ],
  template: [
    { role: 'leader', count: 1 },
    { role: 'rifle', count: 7 },
    { role: 'flag', count: 2 },
    { role: 'bugler', count: 1 },
    { role: 'chaplain', count: 1 },
  ],
  detailHours: 2,
};

/** A role's label from the settings' list, else its key. */
export function honorRoleLabel(roles: HonorRole[], key: string): string {
  return roles.find((r) => r.key === key)?.label ?? key;
}
