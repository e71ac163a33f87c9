import { createElement as h } from 'react';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { DuesStatus } from '@post/contracts/enums/dues-status';
import { action, finish, Layout, linkLine, p, small, type Rendered, type Sender } from './templates.ts';

// Messages to members about their membership: a communication sent by e-mail, a renewal reminder.

/** A member communication sent by e-mail. `safeText` is the communication's plain text. */
export function memberNotice(input: { sender: Sender; title: string; body: string; urgent: boolean; portalUrl: string }): Promise<Rendered> {
  const subject = input.urgent ? `Urgent: ${input.title}` : input.title;
  const footer = input.urgent
    ? null
    : h(Text, { style: small }, 'You can stop these e-mails in the member portal (Settings: "E-mail me post communications").');
  return finish(
    subject,
    h(
      Layout,
      { preview: input.title, title: subject, sender: input.sender, footer },
      ...input.body
        .split(/\n{2,}/)
        .filter((s) => s.trim())
        .map((para) => p(...para.split('\n').flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: i }), line])))),
      action(input.portalUrl, 'Open the member portal'),
    ),
  );
}

/** The reminder's standing line under anniversary dues, from the day paid through (decision 0098). */
function standingOn(on: string, standing: DuesStatus): string {
  if (standing === 'dropped' || standing === 'suspended')
    return `Your membership was paid through ${on} and has not been renewed. We would be glad to have you back.`;
  if (standing === 'delinquent') return `Your membership was paid through ${on}; your renewal has not reached us yet.`;
  return `Your membership is paid through ${on}. Your renewal is open.`;
}

/** A renewal reminder (issue 45 #2, decision 0065): membership number, the amount if set, the renewal link. */
export function renewalReminder(input: {
  sender: Sender;
  name: string;
  membershipNumber: string;
  renewFor: number;
  paidThrough: number | null;
  /** Anniversary dues: the day paid through as written ("March 14, 2027"; decision 0098), else null. */
  paidThroughOn?: string | null;
  /** The member's standing when the message is written (decision 0086). */
  standing: DuesStatus;
  amount: string | null;
  renewalUrl: string;
  portalUrl: string;
}): Promise<Rendered> {
  const subject = `Renew your membership for ${input.renewFor}`;
  const footer = h(Text, { style: small }, 'You can stop renewal reminders in the member portal ("E-mail me renewal reminders").');
  return finish(
    subject,
    h(
      Layout,
      { preview: subject, title: subject, sender: input.sender, footer },
      p(`Dear ${input.name},`),
      p(
        input.paidThroughOn
          ? standingOn(input.paidThroughOn, input.standing)
          : input.standing === 'dropped' || input.standing === 'suspended'
            ? `Your membership was paid through ${input.paidThrough ?? 'an earlier year'} and has not been renewed. We would be glad to have you back for ${input.renewFor}.`
            : input.standing === 'delinquent'
              ? `Your membership was paid through ${input.paidThrough ?? 'an earlier year'}; ${input.renewFor} has begun and your renewal has not reached us yet.`
              : `Your membership is paid for ${input.paidThrough ?? 'an earlier year'}. Renewal for ${input.renewFor} is open.`,
      ),
      p(`Your membership number: ${input.membershipNumber}`),
      input.amount ? p(`Yearly dues: $${input.amount}`) : null,
      action(input.renewalUrl, `Renew for ${input.renewFor}`),
      linkLine(input.renewalUrl),
      h(
        Text,
        { style: small },
        'Already renewed? Thank you; the post updates its records from the national roster. ',
        h(Link, { href: input.portalUrl }, 'Member portal'),
      ),
    ),
  );
}
