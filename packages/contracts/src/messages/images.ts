/** Photo uploads, in the spec's style. */
export const imageMessages = {
  tooLarge: 'The photo is too large: the limit is 15 MB.',
  empty: 'The file is empty.',
  typeNotAllowed: 'This type of file cannot be uploaded as a photo. Choose a JPEG, PNG, WebP or HEIC photo.',
  notAnImage: 'This file is not a photo. Choose a JPEG, PNG, WebP or HEIC photo.',
  tooManyPixels: 'The photo has too many pixels (the limit is 50 megapixels). Choose a smaller photo.',
  corrupt: 'The photo could not be read: the file is damaged or incomplete. Choose it again or use another photo.',
  altRequired: 'Describe the picture for people who cannot see it.',
  imageNotFound: 'The picture was not found. Upload it again.',
  busy: 'Other photos are being processed right now. Try again in a few seconds.',
} as const;
