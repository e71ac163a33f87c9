/** The post's settings page (spec §8). */
export const siteSettingsMessages = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save settings. Please try again.',
} as const;
