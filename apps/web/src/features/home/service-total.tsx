import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

/**
 * "2,140 volunteer hours served this year" under the welcome (issue 44), when Settings turn it on
 * (off by default). Imports no contracts: the home page's first JavaScript stays zod-free.
 */
export function ServiceTotal() {
  const on = useSiteSettings().data.showServiceTotal;
  const total = trpc.serviceHours.publicTotal.useQuery(undefined, { enabled: on });
  if (!on || !total.data) return null;
  return (
    <p className="mt-3 text-xl font-semibold text-white" data-service-total="">
      {Math.round(total.data.hours).toLocaleString('en-US')} volunteer hours served this year
    </p>
  );
}
