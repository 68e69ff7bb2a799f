import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe with the WCAG 2 A and AA rules, the way every journey runs it. Legacy mode runs axe.run() in the page itself
 * instead of runPartial() there plus finishRun() in a new blank page, and only violations are collected in full
 * (no journey reads passes or incomplete results): the same rules on the same DOM at about half the cost. Results
 * differ only for cross-origin iframes, and the app has none.
 */
export function wcagAxe(page: Page): AxeBuilder {
  // options() replaces every option set before it, so it comes before withTags().
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode();
}
