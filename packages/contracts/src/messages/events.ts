/** The calendar's, the event popup's and the event form's texts (spec §2, §4, §5, §8). */
export const eventMessages = {
  loading: 'Loading events...',
  noUpcoming: 'No upcoming events scheduled. Check back soon for updates!',
  noneFound: 'No events found',
  notFound: 'Event not found',
  locationRequired: 'Location is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  endBeforeStart: 'End must be after the start.',
  datesUnreadable: 'Could not parse event dates. Please try again.',
  positionsRange: 'Volunteer positions must be a whole number from 0 to 1000',
  loadFailed: { title: 'Error', description: 'Failed to load event data. Please try again.' },
  saveFailed: 'Failed to save event. Please try again.',
  created: 'Event created successfully',
  updated: 'Event updated successfully',
} as const;
