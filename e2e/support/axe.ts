import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

const require = createRequire(import.meta.url);

/**
 * Every rule axe-core has: WCAG 2.0, 2.1 and 2.2 A and AA, its best practices, and its experimental
 * rules (off by default; `runOnly` by rule id runs them too), e.g. `label-content-name-mismatch`
 * (WCAG 2.5.3, label in name) and `empty-table-header`. Left out: the AAA rules (tag `wcag2aaa`:
 * enhanced 7:1 contrast, identical links, meta refresh), beyond the AA the product is held to.
 */
export const AXE_SKIPPED_TAGS = ['wcag2aaa'] as const;

/**
 * Nodes a rule does not hold against the page, as CSS selectors, each with its reason. The
 * experimental `focus-order-semantics` asks every div in the Tab order for a widget role; these
 * are third-party parts that take the focus on purpose and hand it on:
 * - MUI's focus trap puts a `tabindex="0"` div before and after every open dialog, which sends
 *   the focus straight back inside (no one stops on it; it is no control);
 * - an MUI X date field is a focusable group whose parts are spinbuttons (its accessible DOM
 *   structure: the container takes the keys, each part says its value);
 * - an MUI X chart's keyboard proxy (`role="none"`, `tabindex="0"`) takes the focus to step
 *   through the data points, each announced in its live region.
 */
const NOT_HELD: Record<string, string[]> = {
  'focus-order-semantics': [
    '[data-testid="sentinelStart"]',
    '[data-testid="sentinelEnd"]',
    '.MuiPickersSectionList-root',
    '[class*="MuiCharts"] > div[role="none"]',
  ],
};

/** Adds axe-core to every document the context loads (once per page load, before the app's scripts). */
export async function addAxe(context: BrowserContext): Promise<void> {
  const source = await fs.readFile(
    path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'),
    'utf8',
  );
  await context.addInitScript({ content: source });
}

export type Violation = { page: string; rule: string; impact: string; help: string; targets: string[] };

/** Runs axe on what the page shows now and returns its violations, each named by page, rule and target. */
export async function axeViolations(page: Page, label: string): Promise<Violation[]> {
  // What is still fading or sliding in (a dialog opening) is measured once it has arrived; endless
  // animations (spinners, skeletons) are left running.
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some(
          (a) =>
            a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity),
        ),
  );
  const results = await page.evaluate(
    async ({ skipped, notHeld }) => {
      const axe = (
        window as unknown as {
          axe: {
            getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
            run: (ctx: unknown, opts: unknown) => Promise<AxeResults>;
          };
        }
      ).axe;
      // One run of every rule, the experimental ones included (listed by id, they run though off).
      const ids = axe
        .getRules([])
        .filter((r) => !r.tags.some((tag) => skipped.includes(tag)))
        .map((r) => r.ruleId);
      const run = await axe.run(document, {
        runOnly: { type: 'rule', values: ids },
        resultTypes: ['violations'],
      });
      return run.violations
        .map((v) => ({
          ...v,
          nodes: v.nodes.filter((n) => {
            const el = document.querySelector(String(n.target[n.target.length - 1]));
            return !el || !(notHeld[v.id] ?? []).some((sel) => el.matches(sel));
          }),
        }))
        .filter((v) => v.nodes.length > 0);
    },
    { skipped: [...AXE_SKIPPED_TAGS] as string[], notHeld: NOT_HELD },
  );
  return results.map((v: Result) => ({
    page: label,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map(
      (n) => `${n.target.join(' ')}${n.failureSummary ? ` (${firstLine(n.failureSummary)})` : ''}`,
    ),
  }));
}

function firstLine(summary: string): string {
  return summary.split('\n').slice(1, 2).join('').trim();
}

/** One line per violation and target, for a failure message a person can act on. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) => `[${v.page}] ${v.rule} (${v.impact}): ${v.help}\n${v.targets.map((t) => `    ${t}`).join('\n')}`,
    )
    .join('\n');
}
