// Without zod: the pages behind mailed links import only these texts (decision 0067).

/** Messages of the e-mail features (issue 19). */
export const MAIL_E = {
  cancelLinkInvalid: 'This cancel link is not valid any more: it was used already, or the event has ended.',
  tokenRequired: 'The link is incomplete: please open it again from your e-mail.',
  outboxNotFound: 'Message not found.',
  onlyFailedRetry: 'Only a failed or cancelled message can be sent again.',
} as const;
