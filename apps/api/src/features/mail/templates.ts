import { createElement as h, type ReactNode } from 'react';
// Each part from its own package: the components bundle also loads a code highlighter and Tailwind at start (decision 0076).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render, toPlainText } from '@react-email/render';
import type { SiteSettings } from '@post/contracts/site-settings';

// The frame and pieces every message shares (the messages themselves are in *-templates.ts), as
// React Email components rendered on the server. Written with createElement rather than JSX: the
// API runs its .ts files directly under Node (type stripping), which does not read .tsx. No remote
// images and no tracking: every message is text, links and the post's own name and address.

/** The post as a message's footer names it. */
export interface Sender {
  postName: string;
  address: string;
  /** The site's public address, for links (no trailing slash). */
  baseUrl: string;
}

/**
 * The sender block of a message, from the site settings. The street address is usually written
 * whole (street, town, state, ZIP): the town and state are added only when it does not already
 * name the town, so the footer never says it twice (decision 0096).
 */
export function senderFrom(settings: SiteSettings, baseUrl: string): Sender {
  const street = settings.streetAddress.trim();
  const town = settings.town.trim();
  const named = town !== '' && street.toLowerCase().includes(town.toLowerCase());
  const place = named ? '' : [town, settings.state].filter(Boolean).join(', ');
  return { postName: settings.postName, address: [street, place].filter(Boolean).join(', '), baseUrl };
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
/** Small print's style. */
export const small = { fontSize: '13px', lineHeight: '20px', color: '#555555', margin: '0 0 6px' };
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
