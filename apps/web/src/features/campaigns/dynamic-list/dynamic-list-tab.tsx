import type { AudienceQuery } from '@meridian/contracts';
import type { CampaignEditorContext } from '../editor/editor-context';

export interface DynamicListTabProps extends CampaignEditorContext {
  /** The working copy's query; the editor saves it as part of the draft (autosave, 2 s). */
  value: AudienceQuery;
  onChange(value: AudienceQuery): void;
}

/** The Dynamic list tab: heading, 'Preview Dynamic List' and the query builder. */
export function DynamicListTab(_props: DynamicListTabProps) {
  return null;
}
