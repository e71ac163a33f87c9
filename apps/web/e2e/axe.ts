import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Axe for a page; chain `withTags`, `include` or `withRules`. It runs once in the page itself
 * (legacy mode) rather than finishing in a blank page of its own: the same findings in half the
 * time, and no screen of ours has a frame to follow (decision 0076).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** What every axe check of ours holds a screen to: WCAG 2.2 A and AA (with 2.0's and 2.1's). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A run's violations as lines: the rule and the first elements it found. */
export async function violations(builder: AxeBuilder): Promise<string[]> {
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/** Violations over the whole page. */
export function pageViolations(page: Page): Promise<string[]> {
  return violations(axe(page).withTags(WCAG_TAGS));
}
