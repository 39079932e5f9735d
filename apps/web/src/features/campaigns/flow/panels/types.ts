import type { FlowNode } from '@meridian/contracts';
import type { CampaignEditorContext } from '../flow-context';

/** What every step's side panel gets; onChange saves through flow/action/update (debounced 2 s). */
export interface StepPanelProps extends CampaignEditorContext {
  node: FlowNode;
  options: Record<string, unknown>;
  onChange(options: Record<string, unknown>): void;
  /** The step's messages by option path ('subject', 'conditions.0.condition.value', ...). */
  errors: Record<string, string>;
}
