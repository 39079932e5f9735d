import type { StepPanelProps } from './types';

export function BranchByTokenPanel(_props: StepPanelProps) {
  return null;
}
