import type { Page } from 'playwright-core';

/** Every CSP violation the page reports, as events and as console messages, from its first script on. */
export async function recordViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}
