import type { CampaignEditorContext } from '../editor/editor-context';

export interface FlowSaved {
  flow: Record<string, unknown>;
  updated_at: string;
  updated_by: { id: string; name: string } | null;
}

export interface FlowTabProps extends CampaignEditorContext {
  /** People the dynamic list selects now, for the top node; null while unknown. */
  audienceCount: number | null;
  /** Called after each flow/action call succeeds, so the header shows the new saved time. */
  onFlowSaved(result: FlowSaved): void;
  /** The top node's pencil: switch to the Dynamic list tab. */
  onEditDynamicList(): void;
  /** Whether step edits wait for their debounced save, so the editor's leave guard asks first. */
  onDirtyChange?(dirty: boolean): void;
}

/** The Flow tab: the React Flow graph, the 'Add flow step' modal and the steps' side panels. */
export function FlowTab(_props: FlowTabProps) {
  return null;
}
