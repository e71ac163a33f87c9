import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-defaults';
import { trpc } from './trpc.ts';

/** The post's settings; the neutral defaults stand in until they arrive, so nothing jumps. */
export function useSiteSettings() {
  const q = trpc.siteSettings.get.useQuery();
  return { ...q, data: q.data ?? DEFAULT_SITE_SETTINGS };
}
