import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One axe-core violation: its rule, impact and the first few elements it names. */
export type AxeFinding = { id: string; impact: string; targets: string[] };

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

/**
 * The critical and serious WCAG 2.1 A/AA violations axe-core finds on the page as shown (or
 * within the given selectors). axe's source is evaluated in the page: the product's content
 * policy rightly allows no inline script.
 */
export async function seriousViolations(page: Page, within?: string[]): Promise<AxeFinding[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async (include) => {
    type Axe = { run(context: object, options: object): Promise<{ violations: unknown[] }> };
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(include ? { include: include.map((s) => [s]) } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return (result.violations as Violation[])
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }));
  }, within);
}
