import type { StepPanelProps } from './types';

export function BranchByValuePanel(_props: StepPanelProps) {
  return null;
}
