/** The commander's message: its page, the home page's summary and its admin (spec §2, §4, §8). */
export const commanderMessages = {
  loading: "Loading commander's message...",
  noneAvailable: "No commander's message available at this time.",
  noneFound: 'No commander messages found',
  postCommanderFallback: 'Post Commander',
  created: 'Commander message created',
  updated: 'Commander message updated',
  createFailed: 'Failed to create commander message.',
  updateFailed: 'Failed to update commander message.',
  activated: 'Message Activated',
  activateFailed: 'Failed to activate message. Please try again.',
  confirmDelete: 'Are you sure you want to delete this commander message?',
  deleted: 'Message Deleted',
  deleteFailed: 'Failed to delete message. Please try again.',
} as const;
