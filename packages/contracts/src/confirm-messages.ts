/** Confirmation texts (spec §2, §5). */
export const CONFIRM = {
  delete: (singular: string) => `Are you sure you want to delete this ${singular}?`,
  /** The dialog's title names what goes: "Delete Thomas Reed (M-1001)?" (issue 23 #7). */
  deleteNamed: (name: string) => `Delete ${name}?`,
  deleteCommanderMessage: 'Are you sure you want to delete this commander message?',
  deleteCommunication: 'Are you sure you want to delete this communication?',
  removeVolunteer: (name: string) => `Remove ${name} from this event's volunteers? Their position becomes free again, and they are told by e-mail.`,
  deleteMemberResource: 'Are you sure you want to delete this resource?',
  deleteMember: 'Are you sure you want to delete this member? This action cannot be undone.',
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
