import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// Checks the deal's browser tests run on every screen they reach (issues 14 and 15): axe at desktop
// width and at 320 px without sideways scrolling, and reaching a control with the keyboard alone.

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

interface AxeScope {
  /** Every rule axe runs by default, instead of the WCAG 2.1 A/AA and best-practice tags. */
  allRules?: boolean;
  /** Only this part of the page (a selector), and without these rules. */
  include?: string;
  disableRules?: string[];
}

/** axe-core's browser build, put into a page once per document (decision 078). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page's serious and critical axe violations, one line each (rule, impact, help, elements).
 * axe-core runs in the page itself, put there once per document: the Playwright wrapper put its
 * half-megabyte source into the page again on every run and finished each run in a new blank page,
 * which tripled the cost of a check (decision 078). axe is asked for violations only: it then skips
 * serialising every passing node.
 */
export async function blockingAxeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(scope.allRules ? {} : { runOnly: { type: 'tag', values: AXE_TAGS } }),
    ...(scope.disableRules ? { rules: Object.fromEntries(scope.disableRules.map((rule) => [rule, { enabled: false }])) } : {}),
  };
  const violations = await page.evaluate(
    async ([include, runOptions]) => {
      const { axe } = window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } };
      return (await axe.run(include ? { include: [include] } : document, runOptions)).violations;
    },
    [scope.include ?? null, options] as const,
  );
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

async function settledAxeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  return blockingAxeViolations(page);
}

/** No serious or critical axe violation once animations have settled, then the same at 320 px without sideways scrolling. */
export async function expectAccessibleAtBothWidths(page: Page, state: string) {
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    let blocking = await settledAxeViolations(page);
    // A toast that a live event brings in while axe reads the page is caught half faded in (its
    // title fails contrast then): what is still there once it has settled is the page's own.
    if (blocking.length > 0) blocking = await settledAxeViolations(page);
    expect.soft(blocking, `axe on ${state} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `sideways scrolling on ${state} at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus (fails after `limit` presses). */
export async function tabTo(page: Page, target: Locator, limit: number) {
  await target.waitFor();
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} was not reached with ${limit} presses of Tab`);
}

/** Errors the page reports, React's hydration mismatches (#418) among them; refused requests (a visitor's 401) aside. */
export function recordErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}
