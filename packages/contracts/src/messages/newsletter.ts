/** The newsletter: subscribing, its mailed links and the issues the post sends (spec §8, issue 19). */
export const newsletterMessages = {
  emailRequired: 'Email is required',
  subscribed: { title: 'Check your e-mail', description: 'We sent a message to that address: press the button in it to confirm your subscription.' },
  confirmLinkInvalid: 'This confirmation link is not valid any more: it was used already or has expired. Please subscribe again.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Please use the link in the newsletter you received.',
  noSubscribersYet: 'No newsletter subscribers yet.',
  subjectRequired: 'Subject is required',
  noAdminEmail: 'Your account has no e-mail address, so the test cannot be sent to you. Add one under "Your details" on the Your Account page.',
  noConfirmedSubscribers: 'There are no confirmed subscribers to send to.',
} as const;
