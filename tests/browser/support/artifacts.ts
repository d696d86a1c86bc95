import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** Screenshots of each main page, kept as test artifacts (git-ignored). */
export const SCREENSHOT_DIR = resolve(__dirname, '..', 'screenshots');

export async function saveScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axe.source });
  // Runs in the page, where axe is the global the script tag defined.
  const results = (await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] })",
  )) as axe.AxeResults;
  const violations: AxeViolation[] = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
