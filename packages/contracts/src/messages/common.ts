// Texts of the site's frame and of every admin list, so every page may load them: only texts
// each feature shows belong here (a feature's own texts are in its module beside this one).

/** The shared loading, not-found, load-failure and delete texts (spec §2, §5, §8). */
export const commonMessages = {
  loading: 'Loading...',
  pageNotFound: '404 Page Not Found',
  loadFailed: 'Failed to load this item. Please try again.',
  confirmDelete: (singular: string) => `Are you sure you want to delete this ${singular}?`,
  /** The dialog's title names what goes: "Delete Thomas Reed (M-1001)?" (issue 23 #7). */
  confirmDeleteNamed: (name: string) => `Delete ${name}?`,
  deleted: 'Deleted',
  deleteFailed: (item: string) => `Failed to delete ${item}. Please try again.`,
} as const;
