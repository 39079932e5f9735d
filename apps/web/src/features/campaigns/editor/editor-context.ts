import type { Campaign } from '@meridian/contracts';

/**
 * What the editor page hands each tab. The working copy of the flow, dynamic list, schedule and
 * rule is `campaign.draft_data?.x ?? campaign.x`: edits go to the draft, publish makes it live.
 */
export interface CampaignEditorContext {
  campaign: Campaign;
  /** An active campaign is read-only until 'Edit campaign' is confirmed. */
  readOnly: boolean;
  /** True once a publish attempt failed: steps and filters then show their messages. */
  showErrors: boolean;
}

/** The working copy of one part of a campaign (the draft's when there is one). */
export function workingCopy<K extends 'flow' | 'dynamic_list' | 'schedule' | 'rule'>(
  campaign: Campaign,
  key: K,
): Record<string, unknown> | null {
  const draft = campaign.draft_data?.[key];
  if (draft && typeof draft === 'object') return draft as Record<string, unknown>;
  return (campaign[key] as Record<string, unknown> | null) ?? null;
}
