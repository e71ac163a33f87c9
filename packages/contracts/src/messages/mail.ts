/** Mailed links in general and the admin Outbox (issue 19). */
export const mailMessages = {
  linkIncomplete: 'The link is incomplete: please open it again from your e-mail.',
  outboxNotFound: 'Message not found.',
  onlyFailedRetry: 'Only a failed or cancelled message can be sent again.',
  onlyQueuedCancel: (state: string) => `Only a queued message can be cancelled; this one is ${state}.`,
  cancelledByAdministrator: 'cancelled by an administrator',
} as const;
