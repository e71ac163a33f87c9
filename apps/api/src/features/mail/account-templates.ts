import { createElement as h } from 'react';
import { action, finish, Layout, linkLine, p, type Rendered, type Sender } from './templates.ts';

// Messages with a single-use link to set a password: a staff invitation or reset, a member's reset.

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
