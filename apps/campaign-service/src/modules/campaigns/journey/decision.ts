import type { StepOutcome } from './journey.types';

/** A step's outcome before it is named and linked to the next step. */
export type Decision = Omit<StepOutcome, 'action_id' | 'action_type' | 'label' | 'next_action_id'>;

export const blankDecision = (explanation: string, status: 'ok' | 'error' = 'ok'): Decision => ({
  status,
  explanation,
  branch_id: null,
  wake_at: null,
  email: null,
  webhook: null,
  static_list: null,
  updates: null,
});
