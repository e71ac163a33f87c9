/** What every form says: the fields many forms share (spec §5) and the dialogs about unsaved changes. */
export const formMessages = {
  nameMin: 'Name must be at least 2 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Please enter a valid email address',
  invalidEmail: 'Invalid email address',
  phoneMin: 'Phone number must be at least 10 digits',
  phoneChars: 'Phone number may contain only digits, spaces, dashes, dots, parentheses and a leading +',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  contentRequired: 'Content is required',
  messageContentRequired: 'Please enter message content.',
  urlInvalid: 'Please enter a valid URL (starting with http:// or https://)',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  invalidDate: 'Please enter a valid date',
  dateOutOfRange: 'Please enter a date from 1900 to 2200',
  invalidChoice: 'Please choose one of the listed options',
  draftRestored: 'Your unsaved changes were restored.',
  /** Closing a dialog whose form holds unsaved changes (issue 46 #2). */
  discardChanges: {
    title: 'Discard changes?',
    description: 'You have unsaved changes. If you close this form now, they will be lost.',
    keep: 'Keep editing',
    discard: 'Discard changes',
  },
  unsavedChanges: {
    title: 'Leave without saving?',
    description: 'You have unsaved changes. If you leave this page now, they will be lost.',
    stay: 'Stay on this page',
    leave: 'Leave without saving',
  },
} as const;
