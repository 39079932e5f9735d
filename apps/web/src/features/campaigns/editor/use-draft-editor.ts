import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Campaign, DraftParts } from '@meridian/contracts';
import { saveDraft, useStoreCampaign } from './api';

/** Spec 9: draft autosave is debounced 2 s. */
export const DRAFT_AUTOSAVE_MS = 2000;

export type DraftPart = keyof DraftParts;
export interface DraftStamp {
  updated_by: { id: string; name: string };
  updated_at: string;
}

export interface DraftEditor {
  /** The campaign with this page's unsaved parts laid over its draft: what the tabs show. */
  campaign: Campaign;
  change<P extends DraftPart>(part: P, value: NonNullable<DraftParts[P]>): void;
  /** Saves what is pending now (before publish); answers whether everything is stored. */
  flush(): Promise<boolean>;
  /** Forgets the page's changes (after publish the campaign is the truth again). */
  reset(): void;
  /**
   * Holds the autosave while the leave confirmation asks (true), so 'Discard Changes' still has
   * something to discard; released (false), pending changes are saved 2 s later as usual.
   */
  hold(on: boolean): void;
  saving: boolean;
  /** Changes not yet stored: the leave guard asks while this holds. */
  dirty: boolean;
  /** Another user's save within the last minute, answered by draft.save. */
  warning: DraftStamp | null;
  dismissWarning(): void;
}

/**
 * The editor's dynamic list, schedule and rule: edits show at once and are saved to the draft 2 s
 * after the last one; saves run one at a time, and a failed save keeps its parts pending (spec 8:
 * draft save errors are handled locally, without a message).
 */
export function useDraftEditor(stored: Campaign): DraftEditor {
  const store = useStoreCampaign();
  const [local, setLocal] = useState<DraftParts>({});
  const pending = useRef<DraftParts>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<void>>(Promise.resolve());
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [warning, setWarning] = useState<DraftStamp | null>(null);
  const held = useRef(false);
  const id = stored.campaign_id;

  const flush = useCallback((): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    running.current = running.current.then(async () => {
      const parts = pending.current;
      if (Object.keys(parts).length === 0) return;
      pending.current = {};
      setSaving(true);
      try {
        const result = await saveDraft(id, parts);
        store(result.campaign);
        if (result.draft.warning) setWarning(result.draft.warning);
      } catch {
        // Kept for the next save, unless a newer edit of the same part replaced it meanwhile.
        pending.current = { ...parts, ...pending.current };
      } finally {
        setSaving(false);
        setDirty(Object.keys(pending.current).length > 0);
      }
    });
    return running.current.then(() => Object.keys(pending.current).length === 0);
  }, [id, store]);

  const change = useCallback(
    <P extends DraftPart>(part: P, value: NonNullable<DraftParts[P]>) => {
      setLocal((current) => ({ ...current, [part]: value }));
      pending.current = { ...pending.current, [part]: value };
      setDirty(true);
      if (timer.current) clearTimeout(timer.current);
      if (!held.current) timer.current = setTimeout(() => void flush(), DRAFT_AUTOSAVE_MS);
    },
    [flush],
  );

  const hold = useCallback(
    (on: boolean) => {
      held.current = on;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (!on && Object.keys(pending.current).length > 0)
        timer.current = setTimeout(() => void flush(), DRAFT_AUTOSAVE_MS);
    },
    [flush],
  );

  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    pending.current = {};
    setLocal({});
    setDirty(false);
  }, []);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const campaign = useMemo(
    () =>
      Object.keys(local).length === 0
        ? stored
        : { ...stored, draft_data: { ...(stored.draft_data ?? {}), ...local } },
    [stored, local],
  );
  return {
    campaign,
    change,
    flush,
    reset,
    hold,
    saving,
    dirty,
    warning,
    dismissWarning: () => setWarning(null),
  };
}
