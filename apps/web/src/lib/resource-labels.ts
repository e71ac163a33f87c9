/** Labels of the public resource categories (the resources page's card names). */
export const RESOURCE_CATEGORY_LABELS: Record<string, string> = {
  healthcare: 'Healthcare',
  benefits: 'Benefits & Claims',
  crisis: 'Crisis Support',
  local: 'Local',
  vfw: 'VFW',
};
