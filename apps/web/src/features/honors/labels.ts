/** A service's date and time as staff read it, in the browser's zone (the post's, for its own staff). */
export function serviceWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A phone number as a tel: address. */
export const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The badge colours of a request's state. */
export const STATE_CLASS: Record<string, string> = {
  new: 'bg-flag-red-700 text-white',
  accepted: 'bg-navy-800 text-white',
  declined: 'bg-muted text-foreground',
  done: 'bg-green-700 text-white',
};
