import { createElement as h } from 'react';
import { action, checkInBlock, finish, Layout, linkLine, manageLine, p, type CheckInLine, type EventFacts, type Rendered, type Sender } from './templates.ts';

// Volunteer messages of one sign-up (confirmation, reminder, the event changed or the sign-up removed), in the frame of templates.ts.

/** The subjects of a volunteer's confirmation and reminder, from the event's title (the Outbox lists them before they are rendered). */
export const volunteerSubjects = {
  confirmation: (title: string) => `You're signed up: ${title}`,
  reminder: (title: string) => `Reminder: ${title}`,
  promoted: (title: string) => `You're in: ${title}`,
  /** A request whose every sign-up waits says so (decision 0087): one place gives its position. */
  waitlisted: (title: string, position?: number) => `On the waitlist: ${title}${position ? `, position ${position}` : ''}`,
  /** The link to one's sign-ups, asked for again after a second sign-up (decision 0096). */
  signUps: (title: string) => `Your sign-ups: ${title}`,
};

/** The confirmation's subject from its sign-ups' places: "On the waitlist" when none is confirmed. */
export function confirmationSubject(title: string, places: { waitlistPosition: number | null }[]): string {
  if (places.length === 0 || places.some((p) => p.waitlistPosition === null)) return volunteerSubjects.confirmation(title);
  return volunteerSubjects.waitlisted(title, places.length === 1 ? places[0]!.waitlistPosition! : undefined);
}

/** "You're signed up": sent after POST /api/volunteers, with the .ics attached by the caller. */
export function volunteerConfirmation(input: {
  sender: Sender;
  name: string;
  role: string | null;
  event: EventFacts;
  cancelUrl: string;
  manageUrl?: string;
  checkIns?: CheckInLine[];
}): Promise<Rendered> {
  const { event } = input;
  const subject = volunteerSubjects.confirmation(event.title);
  return finish(
    subject,
    h(
      Layout,
      { preview: `${event.title}, ${event.when}`, title: subject, sender: input.sender },
      p(`Thank you, ${input.name}. You are signed up to volunteer.`),
      p(h('strong', null, 'When: '), event.when),
      p(h('strong', null, 'Where: '), event.location),
      input.role ? p(h('strong', null, 'Role: '), input.role) : null,
      checkInBlock(input.checkIns),
      p('The attached calendar file adds the event to your calendar.'),
      p('If you can no longer come, please cancel so someone else can take your place:'),
      action(input.cancelUrl, 'Cancel my sign-up'),
      linkLine(input.cancelUrl),
      manageLine(input.manageUrl),
    ),
  );
}

/** The day-before reminder. */
export function volunteerReminder(input: { sender: Sender; name: string; role: string | null; event: EventFacts; cancelUrl: string }): Promise<Rendered> {
  const { event } = input;
  const subject = volunteerSubjects.reminder(event.title);
  return finish(
    subject,
    h(
      Layout,
      { preview: `${event.title}, ${event.when}`, title: subject, sender: input.sender },
      p(`Hello ${input.name}, this is a reminder that you signed up to volunteer.`),
      p(h('strong', null, 'When: '), event.when),
      p(h('strong', null, 'Where: '), event.location),
      input.role ? p(h('strong', null, 'Role: '), input.role) : null,
      p('If you can no longer come, please cancel:'),
      action(input.cancelUrl, 'Cancel my sign-up'),
      linkLine(input.cancelUrl),
    ),
  );
}

/** Tells a volunteer that the event moved or was called off. */
export function eventChanged(input: { sender: Sender; name: string; event: EventFacts; deleted: boolean }): Promise<Rendered> {
  const { event } = input;
  const subject = input.deleted ? `Cancelled: ${event.title}` : `Changed: ${event.title}`;
  return finish(
    subject,
    h(
      Layout,
      { preview: subject, title: subject, sender: input.sender },
      input.deleted
        ? p(`Hello ${input.name}, the event you signed up for will not take place. Your sign-up has been removed. Thank you for offering to help.`)
        : p(`Hello ${input.name}, the event you signed up for has changed. Your sign-up stays as it is.`),
      input.deleted ? null : p(h('strong', null, 'When: '), event.when),
      input.deleted ? null : p(h('strong', null, 'Where: '), event.location),
    ),
  );
}

/** Tells a volunteer that an administrator removed their sign-up (issue 20 #5). */
export function signupRemoved(input: { sender: Sender; name: string; event: EventFacts }): Promise<Rendered> {
  const { event } = input;
  const subject = `Sign-up removed: ${event.title}`;
  return finish(
    subject,
    h(
      Layout,
      { preview: subject, title: subject, sender: input.sender },
      p(`Hello ${input.name}, the post has removed your volunteer sign-up for this event. Thank you for offering to help.`),
      p(h('strong', null, 'Event: '), event.title),
      p(h('strong', null, 'When: '), event.when),
      p(h('strong', null, 'Where: '), event.location),
      p('If you think this is a mistake, please contact the post.'),
    ),
  );
}

/** The link to the person's own sign-ups for an event, sent again when they ask (a second sign-up, decision 0096). */
export function manageLinkMessage(input: { sender: Sender; name: string; event: EventFacts; manageUrl: string }): Promise<Rendered> {
  const { event } = input;
  const subject = volunteerSubjects.signUps(event.title);
  return finish(
    subject,
    h(
      Layout,
      { preview: `${event.title}, ${event.when}`, title: subject, sender: input.sender },
      p(`Hello ${input.name}. You asked for the link to your sign-ups for ${event.title} (${event.when}).`),
      p('There you can see your places, add a shift, join a waitlist or cancel:'),
      action(input.manageUrl, 'My sign-ups for this event'),
      linkLine(input.manageUrl),
      p('If you did not ask for this, you can ignore this message: nothing has changed.'),
    ),
  );
}
