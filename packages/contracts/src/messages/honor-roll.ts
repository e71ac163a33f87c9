/** The honor roll's draft and publish step, and Buddy Check calls (decision 0086). */
export const honorRollMessages = {
  noDateOfDeath: 'Record the date of death in the member’s record first: only a departed member has an honor-roll entry.',
} as const;

export const buddyCheckMessages = {
  unknownOutcome: 'Choose an outcome: reached, message, needs-help, wrong-number, deceased or declined.',
  nameRequired: 'Give the campaign a name, for example "Veterans Day 2026"',
  notYourCall: 'This call is not on your list.',
  callerNotFound: 'Choose a caller: an officer or a member with portal access.',
  campaignNotFound: 'Buddy Check campaign',
  callNotFound: 'Buddy Check call',
} as const;
