import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

const require = createRequire(import.meta.url);

/**
 * WCAG 2.1 A and AA, plus the two best-practice rules the accessibility issue names: every piece of
 * content inside a landmark (`region`) and headings that do not skip levels (`heading-order`).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
export const AXE_EXTRA_RULES = ['region', 'heading-order'] as const;

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
    async ({ tags, rules }) => {
      const axe = (
        window as unknown as {
          axe: {
            getRules: (tags: string[]) => { ruleId: string }[];
            run: (ctx: unknown, opts: unknown) => Promise<AxeResults>;
          };
        }
      ).axe;
      // One run: the rules of the WCAG tags and the named best-practice rules together.
      const ids = new Set([...axe.getRules(tags).map((r) => r.ruleId), ...rules]);
      const run = await axe.run(document, {
        runOnly: { type: 'rule', values: [...ids] },
        resultTypes: ['violations'],
      });
      return run.violations;
    },
    { tags: [...AXE_TAGS], rules: [...AXE_EXTRA_RULES] },
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
