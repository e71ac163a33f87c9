/** A phone number as a tel: address. */
export const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The badge colours of a request's state. */
export const STATE_CLASS: Record<string, string> = {
  new: 'bg-flag-red-700 text-white',
  accepted: 'bg-navy-800 text-white',
  declined: 'bg-muted text-foreground',
  done: 'bg-green-700 text-white',
};
