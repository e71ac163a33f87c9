/** Member communications: the portal's list, their admin and their notice by e-mail (spec §8). */
export const communicationMessages = {
  noneAvailable: 'No communications available at this time.',
  noneFound: 'No member communications found.',
  created: 'Communication created',
  updated: 'Communication updated',
  createFailed: 'Failed to create communication. Please try again.',
  updateFailed: 'Failed to update communication. Please try again.',
  confirmDelete: 'Are you sure you want to delete this communication?',
  deleteFailed: 'Failed to delete communication. Please try again.',
  publishToEmail: 'Only a published communication can be sent by e-mail. Tick Published, or untick Also send by e-mail.',
} as const;
