/** Member resources: their admin and the uploads of their files (spec §8). */
export const memberResourceMessages = {
  noneFound: 'No member resources found.',
  created: 'Resource created',
  updated: 'Resource updated',
  createFailed: 'Failed to create resource. Please try again.',
  updateFailed: 'Failed to update resource. Please try again.',
  confirmDelete: 'Are you sure you want to delete this resource?',
  deleteFailed: 'Failed to delete resource. Please try again.',
  uploadTooLarge: 'The file is too large: the limit is 10 MB.',
  uploadTypeNotAllowed: 'This type of file cannot be uploaded. Choose a PDF, Word, Excel, text, CSV, PNG or JPEG file.',
  uploadContentMismatch: "The file's contents do not match its type. Check that it is the file you meant to upload.",
  uploadEmpty: 'The file is empty.',
} as const;
