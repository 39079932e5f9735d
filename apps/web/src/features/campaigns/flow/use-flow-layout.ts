import { useMemo, useRef } from 'react';
import type { Flow } from '@meridian/contracts';
import { computeFlowLayout, flowShape } from './flow-layout';

/**
 * The layout follows the flow's shape (steps, branches, links), not its options: typing in a
 * step's panel changes the flow on every keystroke but never lays out the graph again. The cards
 * read their current options from the node store instead.
 */
export function useFlowLayout(flow: Flow) {
  const shape = useMemo(() => flowShape(flow), [flow]);
  const latest = useRef(flow);
  latest.current = flow;
  return useMemo(() => computeFlowLayout(latest.current), [shape]);
}
