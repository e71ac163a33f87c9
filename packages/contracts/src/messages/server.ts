/** The API's answers to any request, whatever the feature (decisions §3, §6). */
export const serverMessages = {
  signInRequired: 'Please sign in to continue.',
  adminRequired: 'An administrator session is required.',
  memberRequired: 'A member session is required.',
  forbidden: 'You do not have access to this.',
  notFound: (what: string) => `${what} not found.`,
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  tooLarge: 'The request is too large.',
  invalidInput: 'Please check the highlighted fields.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The site is briefly unavailable. Please try again in a moment.',
  crossSite: 'Requests from other sites are not allowed.',
  nulCharacter: 'Text cannot contain a NUL character.',
  unsupportedContentType: 'Unsupported content type.',
  tooComplex: 'The request has too many parts.',
  badRequestTarget: 'The request target must be a path.',
  requestTimeout: 'The request took too long to arrive. Please try again.',
} as const;
