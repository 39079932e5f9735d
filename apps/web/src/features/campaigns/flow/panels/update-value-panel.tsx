import type { StepPanelProps } from './types';

export function UpdateValuePanel(_props: StepPanelProps) {
  return null;
}
