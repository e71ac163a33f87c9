import { createElement as h } from 'react';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { action, finish, Layout, linkLine, p, para, small, type Rendered, type Sender } from './templates.ts';

// The newsletter's messages: the subscription confirmation and an issue.

/** "Please confirm your subscription": sent by POST /api/newsletter/subscribe; only the button subscribes. */
export function newsletterConfirmation(input: { sender: Sender; confirmUrl: string }): Promise<Rendered> {
  const subject = `Confirm your subscription to the ${input.sender.postName} newsletter`;
  return finish(
    subject,
    h(
      Layout,
      { preview: 'One click to confirm your subscription', title: 'Please confirm your subscription', sender: input.sender },
      p(`Someone, hopefully you, asked to receive the ${input.sender.postName} newsletter at this address.`),
      p('To start receiving it, open the page below and press "Confirm my subscription". If you did not ask, ignore this message: nothing will be sent.'),
      action(input.confirmUrl, 'Confirm my subscription'),
      linkLine(input.confirmUrl),
      h(Text, { style: small }, 'This link works for 7 days.'),
    ),
  );
}

/** The address every newsletter copy puts its own unsubscribe link in place of. */
export const UNSUBSCRIBE_PLACEHOLDER = 'UNSUBSCRIBE-LINK-PLACEHOLDER';

/**
 * A newsletter issue, rendered once: each subscriber's copy replaces UNSUBSCRIBE_PLACEHOLDER in
 * the HTML and text with their own unsubscribe link. `safeHtml` is already sanitized (strong,
 * em, u, p, br only).
 */
export function newsletterIssue(input: { sender: Sender; subject: string; safeHtml: string; test: boolean }): Promise<Rendered> {
  const footer = h(
    Text,
    { style: small },
    `You receive this because you subscribed to the ${input.sender.postName} newsletter. `,
    h(Link, { href: UNSUBSCRIBE_PLACEHOLDER }, 'Unsubscribe'),
    input.test ? ' (a test: this link only works in the copies sent to subscribers)' : '',
  );
  return finish(
    input.test ? `[Test] ${input.subject}` : input.subject,
    h(
      Layout,
      { preview: input.subject, title: input.subject, sender: input.sender, footer },
      h('div', { style: para, dangerouslySetInnerHTML: { __html: input.safeHtml } }),
    ),
  );
}
