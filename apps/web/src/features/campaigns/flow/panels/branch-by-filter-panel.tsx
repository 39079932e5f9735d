import type { StepPanelProps } from './types';

export function BranchByFilterPanel(_props: StepPanelProps) {
  return null;
}
