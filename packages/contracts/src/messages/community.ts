/** Community engagements: the community page, the home page's highlight and their admin (spec §2, §4, §8). */
export const communityMessages = {
  loading: 'Loading community engagement...',
  noneAvailable: 'No community engagement highlights available at this time.',
  noneFound: 'No community engagements found',
  tagsRequired: 'Tags are required',
  oneActive: 'Only one engagement can be active at a time: making this one active hides the one shown on the home page now.',
  created: 'Community engagement created',
  updated: 'Community engagement updated',
  saveFailed: 'Failed to save community engagement. Please try again.',
  activated: 'Engagement Activated',
  activateFailed: 'Failed to activate engagement. Please try again.',
} as const;
