import { z } from './zod.ts';
import { PASSWORD_MIN, V } from './validation-messages.ts';

/**
 * A new password of any account (officer, member, invitation, reset, temporary): the one rule and
 * its one message (issue 46 #4, decision 0061).
 */
export const NewPassword = z.string({ error: V.passwordMin }).min(PASSWORD_MIN, V.passwordMin).max(200, V.tooLong(200));
