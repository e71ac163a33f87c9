// The public texts of shifts, without zod: the event popup and the volunteer table load them
// with the page (ARCHITECTURE, "The first JavaScript of a public page avoids zod").

/** "3 of 4 filled". */
export const filledText = (filled: number, capacity: number): string => `${filled} of ${capacity} filled`;
/** What a screen reader hears after joining a waitlist. */
export const waitlistedText = (position: number): string => `added to the waitlist, position ${position}`;

/** The self-service page's message for a link that names nothing (any more). */
export const MANAGE_LINK_INVALID = 'This link is not valid any more: the event has ended or the link is not complete.';
