import { useMemo } from 'react';
import type { Flow } from '@meridian/contracts';
import { computeFlowLayout } from './flow-layout';

/** The layout is recomputed when the flow changes, never on a render that leaves it as it is. */
export function useFlowLayout(flow: Flow) {
  return useMemo(() => computeFlowLayout(flow), [flow]);
}
