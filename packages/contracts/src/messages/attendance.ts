/** The check-in page's texts and the API's answers (issue 44). */
export const attendanceMessages = {
  checkedIn: (name: string, time: string) => `${name} checked in at ${time}.`,
  alreadyCheckedIn: (time: string) => `Already checked in at ${time}.`,
  waitlistedNotCheckedIn: (name: string) => `${name} is on the waitlist, not in a place: give them a place first (Give a place), or add them as a walk-in.`,
  checkedOut: (name: string, time: string) => `${name} checked out at ${time}.`,
  alreadyCheckedOut: (time: string) => `Already checked out at ${time}.`,
  notCheckedIn: 'Check this person in before checking them out.',
  outBeforeIn: 'The check-out time is before the check-in time.',
  codeUnknown: 'This code is not a sign-up of this event.',
  reasonRequired: 'Give a reason for the change of hours.',
  hoursRange: 'Hours must be from 0 to 24.',
  walkInAdded: (name: string) => `${name} was added as a walk-in and checked in.`,
  atInFuture: 'That time is in the future.',
  outsideWindow: 'That time is too far from the event: a mark can be from 12 hours before it starts to 12 hours after it ends.',
  eventHasAttendance: (count: number) =>
    `This event has attendance recorded for ${count} ${count === 1 ? 'person' : 'people'}, and their service hours would be lost. Cancel the event instead: it stays in the report with its hours.`,
  hoursConfirmed: 'Hours confirmed.',
  shiftRequired: 'Choose the shift they are working.',
  shiftNotOfEvent: 'That shift is not one of this event.',
} as const;
