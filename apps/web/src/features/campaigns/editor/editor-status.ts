import { type Campaign, campaignDraftMessages } from '@meridian/contracts';

/** Spec 9: the header's updated time is refreshed every 20 s. */
export const STATUS_REFRESH_MS = 20_000;

export interface EditorStatus {
  label: string;
  /** When the draft (or the published campaign) last changed. */
  at: string;
  /** The other user who drafted last, for 'by {name}'. */
  by: string | null;
}

/** 'Saving...', 'Saved' (a draft) or 'Published', with the time and who drafted when not me. */
export function editorStatus(campaign: Campaign, saving: boolean, me: string | null): EditorStatus {
  const draft = campaign.draft_data ?? {};
  const drafted = campaign.draft && typeof draft.updated_at === 'string';
  const author = draft.updated_by as { id?: unknown; name?: unknown } | undefined;
  const by = drafted && author && typeof author.name === 'string' && author.id !== me ? author.name : null;
  return {
    label: saving
      ? campaignDraftMessages.saving
      : campaign.draft
        ? campaignDraftMessages.saved
        : campaignDraftMessages.published,
    at: drafted ? (draft.updated_at as string) : campaign.updated_at,
    by,
  };
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** '2 minutes ago', 'yesterday'; under a minute 'just now'. */
export function timeAgo(at: string, now: number): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 60) return 'just now';
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return 'just now';
}
