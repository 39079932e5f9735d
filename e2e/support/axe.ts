import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { waitForExpression } from './browser';

/** axe-core's own build, injected into the page under test (never fetched from elsewhere). */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA, the level the product commits to, and axe's best practices (landmarks, headings). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe-core over the page (or one part of it, such as an open dialog) and lists its violations. */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  // The part checked may still be on its way (a dialog whose code loads when it first opens, on a
  // loaded machine): wait for it rather than fail on an empty selection.
  if (scope)
    await waitForExpression(
      page,
      `document.querySelector(${JSON.stringify(scope)}) !== null`,
      `${scope} to show`,
    );
  // Transitions over, every open dialog fully opaque: a dialog fading in would be measured half
  // transparent. Mantine starts a transition a frame after it mounts, so poll rather than wait once.
  const settled = `(() => {
    const finite = (animation) => animation.effect?.getTiming().iterations !== Infinity;
    if (document.getAnimations().some((a) => a.playState === 'running' && finite(a))) return false;
    return [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
      for (let element = dialog; element; element = element.parentElement) {
        if (getComputedStyle(element).opacity !== '1') return false;
      }
      return true;
    });
  })()`;
  await waitForExpression(page, settled, 'transitions to end and dialogs to be opaque');
  // Evaluated through the debugging protocol: a Content-Security-Policy does not apply to it.
  const loaded = await page.evaluate<boolean>('typeof window.axe === "object"');
  if (!loaded) await page.evaluate<void>(`${axeSource}\n;void 0`);
  // A string, evaluated in the page: no transpiled helpers travel with it.
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(${scope ? JSON.stringify(scope) : 'document'}, ${JSON.stringify({
      runOnly: { type: 'tag', values: TAGS },
    })}).then((result) => result.violations)`,
  );
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} at ${node.target.join(' ')}` +
        (node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''),
    ),
  );
}

/** Fails with every violation axe-core finds on the page as it is now. */
export async function expectAccessible(page: Page, state: string, scope?: string): Promise<void> {
  const found = await axeViolations(page, scope);
  if (found.length > 0) {
    throw new Error(`axe-core: ${found.length} violation(s) on ${state}:\n${found.join('\n')}`);
  }
}
