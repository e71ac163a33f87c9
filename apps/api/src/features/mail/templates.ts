import { createElement as h, type ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { SiteSettings } from '@post/contracts/site-settings';

// The messages the site sends, as React Email components rendered on the server. Written with
// createElement rather than JSX: the API runs its .ts files directly under Node (type
// stripping), which does not read .tsx. No remote images and no tracking: every message is
// text, links and the post's own name and address.

/** The post as a message's footer names it. */
export interface Sender {
  postName: string;
  address: string;
  /** The site's public address, for links (no trailing slash). */
  baseUrl: string;
}

/** The sender block of a message, from the site settings. */
export function senderFrom(settings: SiteSettings, baseUrl: string): Sender {
  const place = [settings.town, settings.state].filter(Boolean).join(', ');
  return { postName: settings.postName, address: [settings.streetAddress, place].filter(Boolean).join(', '), baseUrl };
}

/** A rendered message: subject, HTML and its plain-text alternative. */
export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

const page = { backgroundColor: '#ffffff', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1a1a1a' };
const box = { maxWidth: '560px', margin: '0 auto', padding: '16px' };
/** A paragraph's style. */
export const para = { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' };
const small = { fontSize: '13px', lineHeight: '20px', color: '#555555', margin: '0 0 6px' };
const button = { backgroundColor: '#1e3a8a', color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontSize: '16px', textDecoration: 'none' };

/** The frame every message shares: a heading, the body, and the post's name and address. */
export function Layout(props: { preview: string; title: string; sender: Sender; footer?: ReactNode; children?: ReactNode }) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, props.preview),
    h(
      Body,
      { style: page },
      h(
        Container,
        { style: box },
        h(Heading, { as: 'h1', style: { fontSize: '22px', margin: '0 0 16px' } }, props.title),
        props.children,
        h(Hr, { style: { margin: '24px 0 12px' } }),
        h(Text, { style: small }, props.sender.postName),
        props.sender.address ? h(Text, { style: small }, props.sender.address) : null,
        props.footer ?? null,
      ),
    ),
  );
}

/** A paragraph. */
export const p = (...parts: ReactNode[]) => h(Text, { style: para }, ...parts);
/** A button link. */
export const action = (href: string, label: string) => h(Section, { style: { margin: '16px 0' } }, h(Button, { href, style: button }, label));
/** The link to the volunteer's own sign-ups for the event (issue 43). */
export const manageLine = (href: string | undefined) =>
  href ? h(Text, { style: para }, 'See your sign-ups, add a shift or join a waitlist: ', h(Link, { href }, 'my sign-ups for this event')) : null;
/** A confirmed place's check-in code: its page (the code, large, to show at the door) and the Content-ID of its picture. */
export interface CheckInLine {
  label: string | null;
  url: string;
  cid: string;
}
/** "Your check-in code": shown at the door and scanned there (issue 44); the picture travels with the message, the link opens it large. */
export const checkInBlock = (codes: CheckInLine[] | undefined) =>
  codes?.length
    ? h(
        Section,
        { style: { margin: '16px 0' } },
        p(h('strong', null, codes.length === 1 ? 'Your check-in code' : 'Your check-in codes'), ': show it at the door, on your phone or printed.'),
        ...codes.map((c) =>
          h(
            Section,
            { style: { margin: '8px 0' } },
            c.label ? p(c.label) : null,
            h(Img, { src: `cid:${c.cid}`, width: 180, height: 180, alt: 'Check-in code' }),
            h(Text, { style: small }, h(Link, { href: c.url }, 'Show my check-in code')),
          ),
        ),
      )
    : null;
/** The button's address written out. */
export const linkLine = (href: string) => h(Text, { style: small }, 'Or open this address: ', h(Link, { href }, href));

/** Renders a message to HTML and its plain text. */
export async function finish(subject: string, element: ReactNode): Promise<Rendered> {
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}

/** Facts of an event as a message shows them (times already in the post's zone). */
export interface EventFacts {
  title: string;
  when: string;
  location: string;
}

/** The subjects of a volunteer's confirmation and reminder, from the event's title (the Outbox lists them before they are rendered). */
export const volunteerSubjects = {
  confirmation: (title: string) => `You're signed up: ${title}`,
  reminder: (title: string) => `Reminder: ${title}`,
  promoted: (title: string) => `You're in: ${title}`,
};

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

/** An invitation to a staff account, or a password reset: a single-use link to set a password (72 hours). */
export function staffInvitation(input: { sender: Sender; name: string; username: string; role: string; url: string; reset: boolean }): Promise<Rendered> {
  const subject = input.reset ? `Set a new password for ${input.sender.postName}` : `You're invited to help run the ${input.sender.postName} website`;
  return finish(
    subject,
    h(
      Layout,
      { preview: input.reset ? 'Set a new password' : 'Set your password to start', title: subject, sender: input.sender },
      input.reset
        ? p(`Hello ${input.name}, an administrator asked for a new password for your account on the post's website.`)
        : p(
            `Hello ${input.name}, an administrator of the post has made you an account on the post's website as ${input.role === 'administrator' ? 'an administrator' : 'an editor'}.`,
          ),
      p(h('strong', null, 'Your username: '), input.username),
      p('Choose your password with this link. It works once and for 72 hours:'),
      action(input.url, input.reset ? 'Set a new password' : 'Set my password'),
      linkLine(input.url),
      p('If you did not expect this message, you can ignore it.'),
    ),
  );
}

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

/** The member's password reset link (valid 1 hour, single use). */
export function memberPasswordReset(input: { sender: Sender; name: string; resetUrl: string }): Promise<Rendered> {
  const subject = 'Reset your member portal password';
  return finish(
    subject,
    h(
      Layout,
      { preview: 'A link to choose a new password', title: subject, sender: input.sender },
      p(`Hello ${input.name}, someone asked to reset the password of your member portal account.`),
      p('Open the page below to choose a new password. The link works once, for 1 hour.'),
      action(input.resetUrl, 'Choose a new password'),
      linkLine(input.resetUrl),
      p('If you did not ask, ignore this message: your password stays as it is.'),
    ),
  );
}

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

/** A renewal reminder (issue 45 #2, decision 0065): membership number, the amount if set, the renewal link. */
export function renewalReminder(input: {
  sender: Sender;
  name: string;
  membershipNumber: string;
  renewFor: number;
  paidThrough: number | null;
  lapsed: boolean;
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
        input.lapsed
          ? `Your membership has lapsed: it was paid through ${input.paidThrough ?? 'an earlier year'}. We would be glad to have you back for ${input.renewFor}.`
          : `Your membership is paid through ${input.paidThrough ?? 'an earlier year'}. Dues for ${input.renewFor} are now due.`,
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
