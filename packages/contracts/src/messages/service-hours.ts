/** The service ledger's and the service report's texts (issue 44). */
export const serviceHoursMessages = {
  hoursRange: 'Hours must be more than 0 and at most 24.',
  milesRange: 'Miles must be from 0 to 5,000.',
  whoRequired: 'Choose a member or enter a name.',
  categoryRequired: 'Choose a category.',
  categoryUnknown: 'That category was not found.',
  memberUnknown: 'That member was not found.',
  dateRequired: 'Enter the date of the service.',
  dateInFuture: 'The date of the service is in the future.',
  categoryNameRequired: 'Enter a name for the category.',
  pendingApproval: 'Waiting for an officer to approve it',
  noDocumentation: 'No photo or note as documentation',
  hoursBeyondShift: (planned: number) =>
    `Check-in to check-out is more than 2 hours longer than the ${planned} h scheduled: counted as ${planned} h until an administrator confirms the hours`,
  noCategory: 'No category set',
  reasonRequired: 'Say why the entry is changed: the reason is kept in the audit log.',
  logged: 'Thank you. Your service is logged and counts once an officer approves it.',
} as const;
