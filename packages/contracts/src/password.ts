import { z } from './zod.ts';
import { PASSWORD_MIN } from './limits.ts';
import { accountMessages } from './messages/account.ts';
import { formMessages } from './messages/forms.ts';

/**
 * A new password of any account (officer, member, invitation, reset, temporary): the one rule and
 * its one message (issue 46 #4, decision 0061).
 */
export const NewPassword = z.string({ error: accountMessages.passwordMin }).min(PASSWORD_MIN, accountMessages.passwordMin).max(200, formMessages.tooLong(200));
