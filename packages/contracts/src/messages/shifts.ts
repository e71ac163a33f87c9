import { MAX_SHIFT_CAPACITY } from '../limits.ts';

/** Shifts of an event, its waitlist and the volunteer's self-service page (issue 43, decision 0064). */
export const shiftMessages = {
  roleRequired: 'Role is required',
  capacityRange: `Capacity must be a whole number from 0 to ${MAX_SHIFT_CAPACITY}.`,
  shiftStartRequired: 'Shift start is required',
  shiftEndRequired: 'Shift end is required',
  shiftEndBeforeStart: 'A shift must end after it starts.',
  shiftRequired: 'Choose a shift: this event has shifts.',
  shiftNotOfEvent: 'That shift is not one of this event’s shifts.',
  shiftUnknown: 'That shift is not one of this event’s shifts any more.',
  eventHasNoShifts: 'This event has no shifts: sign up without one.',
  shiftFull: 'This shift is full.',
  shiftEnded: 'This shift has already ended.',
  waitlistStarted: 'This event has started: its waitlist is closed.',
  alreadyInShift: 'You are already signed up for this shift.',
  notWaitlisted: 'This sign-up is not on the waitlist.',
  notOnEvent: 'That sign-up is not one of this event’s.',
} as const;
