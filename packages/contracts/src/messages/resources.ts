/** The public resources page and its admin (spec §2, §5, §8). */
export const resourceMessages = {
  noneAvailable: 'No resources available at this time.',
  noneFound: 'No resources found',
  orderMin: 'Display order must be 0 or more',
  orderWhole: 'Display order must be a whole number',
  saveFailed: 'Failed to save resource. Please try again.',
  created: 'Resource created',
  updated: 'Resource updated',
} as const;
