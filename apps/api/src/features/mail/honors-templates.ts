import { action, finish, Layout, linkLine, p, type Rendered, type Sender } from './templates.ts';
import { createElement as h } from 'react';

// Funeral honors mail (decision 0088): the leaders' notice of a new request, and a call-out. Neither
// carries the requester's contacts: the detail page, behind a staff sign-in, has them.

/** A new request, to the detail leaders. */
export function honorsRequestNotice(input: { sender: Sender; deceasedName: string; when: string; location: string; detailUrl: string }): Promise<Rendered> {
  const subject = `Funeral honors requested: ${input.deceasedName}, ${input.when}`;
  return finish(
    subject,
    h(
      Layout,
      { preview: subject, title: 'Funeral honors requested', sender: input.sender },
      p(`A request for funeral honors has come in for ${input.deceasedName}.`),
      p(`When: ${input.when}`),
      p(`Where: ${input.location}`),
      p('Accept or decline it, and call the family or funeral home back, from the detail page.'),
      action(input.detailUrl, 'Open the request'),
      linkLine(input.detailUrl),
    ),
  );
}

/** A call-out: one button per open role the member is qualified for. */
export function honorsCallOut(input: {
  sender: Sender;
  firstName: string;
  deceasedName: string;
  when: string;
  location: string;
  roles: { label: string; url: string }[];
}): Promise<Rendered> {
  const subject = `Honor guard needed: ${input.when}`;
  return finish(
    subject,
    h(
      Layout,
      { preview: subject, title: 'Honor guard needed', sender: input.sender },
      p(`Dear ${input.firstName},`),
      p(`The post is sending a funeral honors detail for ${input.deceasedName}, and still needs people you are qualified to stand in for.`),
      p(`When: ${input.when}`),
      p(`Where: ${input.location}`),
      ...input.roles.flatMap((r) => [action(r.url, `I can serve as ${r.label}`)]),
      p('One tap answers; the page asks once more before it counts you in. If the role is filled by then, you can wait for a place.'),
    ),
  );
}
