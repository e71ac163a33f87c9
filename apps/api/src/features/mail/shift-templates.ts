import { createElement as h } from 'react';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import {
  action,
  checkInBlock,
  finish,
  Layout,
  linkLine,
  manageLine,
  p,
  para,
  type CheckInLine,
  type EventFacts,
  type Rendered,
  type Sender,
} from './templates.ts';
import { confirmationSubject, volunteerSubjects } from './volunteer-templates.ts';

// Volunteer messages of shifts and the waitlist (issue 43, decision 0064), in the frame and
// style of templates.ts.

/** One sign-up as a shift message lists it: the shift's role and time, and its place. */
export interface SignUpLine {
  role: string | null;
  when: string;
  /** "Confirmed" or "On the waitlist, position 2". */
  status: string;
  /** The place in the waitlist, null when confirmed. */
  waitlistPosition: number | null;
}

const lineList = (lines: SignUpLine[]) =>
  h(
    Section,
    { style: { margin: '0 0 12px' } },
    ...lines.map((l) => h(Text, { style: para }, h('strong', null, l.role ?? 'Volunteer'), `: ${l.when}. ${l.status}.`)),
  );

/** "You're signed up" for shifts or a waitlist (issue 43): every sign-up of the request, each with its place. */
export function shiftConfirmation(input: {
  sender: Sender;
  name: string;
  event: EventFacts;
  lines: SignUpLine[];
  cancelUrl: string;
  manageUrl: string;
  checkIns?: CheckInLine[];
}): Promise<Rendered> {
  const { event } = input;
  const subject = confirmationSubject(event.title, input.lines);
  const waiting = input.lines.every((l) => l.waitlistPosition !== null);
  return finish(
    subject,
    h(
      Layout,
      { preview: `${event.title}, ${event.when}`, title: subject, sender: input.sender },
      p(
        waiting
          ? `Thank you, ${input.name}. You are on the waitlist: we will e-mail you as soon as a place is yours.`
          : `Thank you, ${input.name}. You are signed up to volunteer.`,
      ),
      p(h('strong', null, 'Event: '), event.title),
      p(h('strong', null, 'Where: '), event.location),
      lineList(input.lines),
      checkInBlock(input.checkIns),
      waiting ? null : p('The attached calendar file adds your time to your calendar.'),
      p('If you can no longer come, please cancel so someone else can take your place:'),
      action(input.cancelUrl, 'Cancel my sign-up'),
      linkLine(input.cancelUrl),
      manageLine(input.manageUrl),
    ),
  );
}

/** "You're in": a place freed up and the first person waiting has it (issue 43). */
export function volunteerPromoted(input: {
  sender: Sender;
  name: string;
  event: EventFacts;
  line: SignUpLine;
  cancelUrl: string;
  manageUrl: string;
  checkIns?: CheckInLine[];
}): Promise<Rendered> {
  const { event } = input;
  const subject = volunteerSubjects.promoted(event.title);
  return finish(
    subject,
    h(
      Layout,
      { preview: `${event.title}, ${input.line.when}`, title: subject, sender: input.sender },
      p(`Good news, ${input.name}: a place opened up and it is yours. You are signed up to volunteer.`),
      p(h('strong', null, 'Event: '), event.title),
      p(h('strong', null, 'Where: '), event.location),
      lineList([input.line]),
      checkInBlock(input.checkIns),
      p('The attached calendar file adds your time to your calendar.'),
      p('If you can no longer come, please cancel so someone else can take your place:'),
      action(input.cancelUrl, 'Cancel my sign-up'),
      linkLine(input.cancelUrl),
      manageLine(input.manageUrl),
    ),
  );
}
