/** Volunteering for an event, and the volunteer's own cancel and manage links (spec §2, §8; issues 19, 43). */
export const volunteerMessages = {
  noOpportunities: 'No upcoming volunteer opportunities available.',
  formIntro: 'Please fill out the form below to volunteer.',
  signedUp: { title: 'Thank you for volunteering!', description: 'Your information has been submitted successfully.' },
  signUpFailed: { title: 'Error', description: 'There was a problem submitting your information. Please try again.' },
  positionsFilled: 'All volunteer positions for this event are filled.',
  alreadySignedUp: 'You are already signed up for this event.',
  eventEnded: 'This event has already ended.',
  confirmRemove: (name: string) => `Remove ${name} from this event's volunteers? Their position becomes free again, and they are told by e-mail.`,
  removed: 'Volunteer removed.',
  /** After a removal, who got the place from the waitlist (decision 0096). */
  placeGivenTo: (names: string[]) => `${names.join(' and ')} had the next place on the waitlist, got it, and is told by e-mail.`,
  removeFailed: 'Failed to remove volunteer. Please try again.',
  cancelLinkInvalid: 'This cancel link is not valid any more: it was used already, or the event has ended.',
  /** "3 of 4 filled". */
  filled: (filled: number, capacity: number) => `${filled} of ${capacity} filled`,
  /** What a screen reader hears after joining a waitlist. */
  addedToWaitlist: (position: number) => `added to the waitlist, position ${position}`,
  /** The self-service page's message for a link that names nothing (any more). */
  manageLinkInvalid: 'This link is not valid any more: the event has ended or the link is not complete.',
} as const;
