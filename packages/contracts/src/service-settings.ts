import { z } from './zod.ts';

const monthMessage = 'Choose the month the program year starts in.';
const rateMessage = 'The mileage rate must be from $0 to $10 a mile.';

/** The service report's settings (issue 44, decision 0066), spread into the site settings' schema. */
export const serviceSettingsFields = {
  /** The month the program year starts in: June for the American Legion; a VFW department's may differ. */
  serviceYearStartMonth: z.coerce.number({ error: monthMessage }).int(monthMessage).min(1, monthMessage).max(12, monthMessage).default(6),
  /** Dollars a mile of round-trip driving is worth in the report. */
  mileageRate: z.coerce.number({ error: rateMessage }).min(0, rateMessage).max(10, rateMessage).default(0.14),
  /** Show the program year's total hours on the public home page (off by default). */
  showServiceTotal: z.boolean().default(false),
  /**
   * Volunteers' full names on public pages and in public API answers; off by default: the public
   * sees first name and last initial, staff always the full name (decision 0096).
   */
  publicFullNames: z.boolean().default(false),
};
