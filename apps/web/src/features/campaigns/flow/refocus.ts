import { FLOW_ROOT } from '@meridian/contracts';

/** A step's card on the canvas (React Flow's wrapper carries the node's id). */
export function stepCard(actionId: string): string {
  return `.react-flow__node[data-id="${CSS.escape(actionId)}"]`;
}

/** The button that opens a step's card, or the top node's pencil for the root. */
export function stepFocusTarget(actionId: string): string {
  const node = stepCard(actionId);
  return actionId === FLOW_ROOT
    ? `${node} [aria-label="Edit the dynamic list"]`
    : `${node} [aria-label^="Open step"]`;
}

/** The empty flow's first quick step, where the focus goes once no step is left. */
export const EMPTY_FLOW_FOCUS_TARGET = '[data-flow-empty] button';

const LOST_FOCUS_WAIT_MS = 2000;

/**
 * Puts the focus back on the flow when what had it is gone: the empty state's button that added
 * the first step, or the button of a step just removed. Without it the focus falls to the page's
 * body and a keyboard user starts again from the top. Waits while the focus is still inside what is
 * `leaving` (a closing dialog, a step on its way out), then for the first of `targets` to show;
 * leaves alone a focus someone placed elsewhere meanwhile.
 */
export function refocusWhenLost(targets: string[], leaving = '[role="dialog"]'): void {
  const deadline = Date.now() + LOST_FOCUS_WAIT_MS;
  const attempt = () => {
    const current = document.activeElement;
    const lost = current === null || current === document.body || !current.isConnected;
    if (!lost && !current.closest(leaving)) return;
    if (lost) {
      for (const selector of targets) {
        const target = document.querySelector<HTMLElement>(selector);
        if (target) {
          target.focus();
          return;
        }
      }
    }
    if (Date.now() < deadline) window.setTimeout(attempt, 50);
  };
  window.setTimeout(attempt, 50);
}
