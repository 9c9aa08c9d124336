import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// axe-core as the browser tests run it (issue 6 §4): zero serious or critical violations, listed readably.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Minor in axe's scale, but Lighthouse's accessibility score counts it: kept at zero too. */
const ALSO_FAILING = new Set(['image-redundant-alt']);

/** Runs axe on the page (or a part of it) and fails listing each serious or critical violation readably. */
export async function expectNoSeriousViolations(page: Page, what: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_FAILING.has(v.id));
  const report = serious
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map(
          (n) =>
            `    - ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        );
      const more = v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : [];
      return [
        `  ${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}`,
        `    ${v.helpUrl}`,
        ...nodes,
        ...more,
      ].join('\n');
    })
    .join('\n');
  expect(
    serious.map((v) => v.id),
    `axe found serious or critical violations on ${what}:\n${report}`,
  ).toEqual([]);
}
