// The product's wording. Each kind of message lives in a module of its own (re-exported here),
// so a page's first JavaScript carries only the kinds its own code uses: the validation and
// server error messages load with the forms, not with every page (bundle budget, issue 16).
export { PASSWORD_MIN, V } from './validation-messages.ts';
export { CONFIRM } from './confirm-messages.ts';
export { E } from './error-messages.ts';
export { T } from './toast-messages.ts';

/** Empty, loading and other fixed texts of spec §2, §4 and §8. */
export const TEXT = {
  loadingEvents: 'Loading events...',
  loadingCommanderMessage: "Loading commander's message...",
  loadingNews: 'Loading news items...',
  loadingEngagement: 'Loading community engagement...',
  loadingMembers: 'Loading members...',
  loading: 'Loading...',
  noUpcomingEvents: 'No upcoming events scheduled. Check back soon for updates!',
  noCommanderMessage: "No commander's message available at this time.",
  noNews: 'No news items available at this time.',
  noEngagement: 'No community engagement highlights available at this time.',
  noCommunications: 'No communications available at this time.',
  noResources: 'No resources available at this time.',
  noVolunteerOpportunities: 'No upcoming volunteer opportunities available.',
  noEventsFound: 'No events found',
  noNewsFound: 'No news items found',
  noResourcesFound: 'No resources found',
  noCommanderMessagesFound: 'No commander messages found',
  noEngagementsFound: 'No community engagements found',
  noMemberCommunicationsFound: 'No member communications found.',
  noMemberResourcesFound: 'No member resources found.',
  noMembersFound: 'No members found. Add your first member to get started.',
  noMembersMatch: 'No members match this search.',
  noRoleAssigned: 'No role assigned',
  notSpecified: 'Not specified',
  postCommanderFallback: 'Post Commander',
  notFoundTitle: '404 Page Not Found',
  loginHelp: 'Need help accessing your account? Contact Post Leadership',
  volunteerFormIntro: 'Please fill out the form below to volunteer.',
  eventNotFound: 'Event not found',
  newsItemNotFound: 'News item not found',
  noSubscribers: 'No newsletter subscribers yet.',
  draftRestored: 'Your unsaved changes were restored.',
  oneActiveEngagement: 'Only one engagement can be active at a time: making this one active hides the one shown on the home page now.',
} as const;
