/** Funeral honors details: the public request, the call-out, the detail page (issue 62, decision 0088). */
export const honorsMessages = {
  pageTitle: 'Request funeral honors',
  intro:
    'Tell us about the veteran and the service. The detail leader will call you back, usually the same day, to say whether the post can send an honor guard.',
  canPromise:
    'What we can offer: volunteers of the post, as many as can come, for a graveside or memorial service in our area; a bugler or ceremonial taps when one is free; folding and presenting the flag; a rifle volley when enough riflemen can come.',
  cannotPromise:
    'What we cannot promise: the post is made of volunteers, so we cannot promise a full detail, a live bugler or any detail at all on short notice. Every eligible veteran is entitled to at least two uniformed members of the Armed Forces who fold and present the flag, with taps: the funeral home arranges those with the military service.',
  urgent: (phone: string) =>
    phone ? `If the service is within two days, call the post now: ${phone}.` : 'If the service is within two days, call the post now.',
  sent: 'Thank you. Your request is with the detail leader, who will call you back.',
  deceasedNameRequired: "The veteran's name is required",
  branchRequired: 'Choose the branch of service',
  serviceAtRequired: 'The date and time of the service are required',
  serviceAtPast: 'The service date must be in the future',
  locationRequired: 'The place of the service is required',
  requesterNameRequired: 'Your name is required',
  requesterPhoneRequired: 'A phone number is required, so the detail leader can call you back',
  unknownRole: (keys: string[]) => `Honor guard roles: unknown role ${keys.join(', ')}. Use a role from Settings.`,
  notNew: 'This request has already been answered.',
  notAccepted: 'Accept the request first: there is no detail yet.',
  notOpen: 'This detail is closed.',
  noOpenRoles: 'Every role is filled: no one to call.',
  notQualified: 'You are not listed as qualified for this role. Ask the detail leader.',
  memberOnly: 'Funeral honors roles are answered by qualified members, from their call-out mail or the member portal.',
  answerLinkInvalid: 'This link is not valid any more: the detail is over or closed, or the link is not complete.',
  accepted: 'Request accepted: the detail is on the calendar.',
  declined: 'Request declined.',
  markedDone: 'Detail marked done.',
  calledOut: (n: number) => (n === 1 ? 'Call-out sent to 1 member.' : `Call-out sent to ${n} members.`),
  states: { new: 'New', accepted: 'Accepted', declined: 'Declined', done: 'Done' },
  serveAs: (role: string) => `I can serve as ${role}`,
} as const;
