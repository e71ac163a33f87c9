/** The news pages' and the news form's texts (spec §2, §5, §8). */
export const newsMessages = {
  loading: 'Loading news items...',
  noneAvailable: 'No news items available at this time.',
  noneFound: 'No news items found',
  notFound: 'News item not found',
  publishDateRequired: 'Publish date is required',
  saveFailed: 'Failed to save news item. Please try again.',
  created: 'News item created successfully.',
  updated: 'News item updated successfully.',
} as const;
