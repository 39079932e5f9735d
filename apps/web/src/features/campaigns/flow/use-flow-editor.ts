import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type ActionType,
  type Campaign,
  emptyFlow,
  type Flow,
  findAction,
  flowSchema,
  updateActionOptions,
} from '@meridian/contracts';
import { workingCopy } from '../editor/editor-context';
import type { FlowSaved } from './flow-tab';
import { useAddFlowAction, useRemoveFlowAction, useUpdateFlowAction } from './flow-api';
import type { AddPlace } from './flow-layout';

/** Spec 9: option changes are saved 2 s after the last keystroke. */
export const OPTIONS_SAVE_DELAY_MS = 2000;

function readFlow(campaign: Campaign): Flow {
  const parsed = flowSchema.safeParse(workingCopy(campaign, 'flow') ?? emptyFlow());
  return parsed.success ? parsed.data : emptyFlow();
}

/**
 * The flow as the user sees it: the server's answer to the last step call, with option edits not
 * yet saved laid over it. Calls go one after another, so an older answer never replaces a newer.
 */
export function useFlowEditor(campaign: Campaign, onFlowSaved: (saved: FlowSaved) => void) {
  const [server, setServer] = useState<Flow>(() => readFlow(campaign));
  const [pending, setPending] = useState<Record<string, Record<string, unknown>>>({});
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const savedRef = useRef(onFlowSaved);
  savedRef.current = onFlowSaved;
  const { mutateAsync: addCall, isPending: adding } = useAddFlowAction();
  const { mutateAsync: removeCall } = useRemoveFlowAction();
  const { mutateAsync: updateCall } = useUpdateFlowAction();
  const campaignId = campaign.campaign_id;

  // A campaign published or opened anew starts from its stored working copy.
  useEffect(() => {
    setServer(readFlow(campaign));
    setPending({});
    // Only a new campaign or a new version (published) resets the copy, not every refetch.
  }, [campaignId, campaign.version]);

  const flow = useMemo(() => {
    let result = server;
    for (const [id, options] of Object.entries(pending))
      if (findAction(result, id)) result = updateActionOptions(result, id, options);
    return result;
  }, [server, pending]);

  const enqueue = useCallback(<T extends FlowSaved>(call: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(call, call);
    queue.current = run.catch(() => undefined);
    return run.then((saved) => {
      setServer(flowSchema.parse(saved.flow));
      savedRef.current(saved);
      return saved;
    });
  }, []);

  const saveOptions = useCallback(
    (actionId: string) => {
      timers.current.delete(actionId);
      const options = pendingRef.current[actionId];
      if (!options) return;
      void enqueue(() =>
        updateCall({ campaign_id: campaignId, action_id: actionId, action_options: options }),
      )
        .then(() =>
          setPending((current) => {
            if (current[actionId] !== options) return current;
            const { [actionId]: _saved, ...rest } = current;
            return rest;
          }),
        )
        .catch(() => undefined);
    },
    [campaignId, enqueue, updateCall],
  );

  const changeOptions = useCallback(
    (actionId: string, options: Record<string, unknown>) => {
      setPending((current) => ({ ...current, [actionId]: options }));
      pendingRef.current = { ...pendingRef.current, [actionId]: options };
      clearTimeout(timers.current.get(actionId));
      timers.current.set(
        actionId,
        setTimeout(() => saveOptions(actionId), OPTIONS_SAVE_DELAY_MS),
      );
    },
    [saveOptions],
  );

  /** Saves every option edit still waiting for its debounce and waits for the calls in flight. */
  const flush = useCallback(async () => {
    for (const [id, timer] of timers.current) {
      clearTimeout(timer);
      saveOptions(id);
    }
    await queue.current;
  }, [saveOptions]);

  // Leaving the tab saves what is still waiting for its debounce.
  useEffect(() => {
    const waiting = timers.current;
    return () => {
      for (const [id, timer] of waiting) {
        clearTimeout(timer);
        saveOptions(id);
      }
    };
  }, [saveOptions]);

  const addStep = useCallback(
    (type: ActionType, place: AddPlace | null) =>
      enqueue(() =>
        addCall({
          campaign_id: campaignId,
          action_type: type,
          add_after_action_id: place && place.after !== 'root' ? place.after : undefined,
          link_attributes: place?.branchId ? { branch_id: place.branchId } : undefined,
        }),
      ),
    [addCall, campaignId, enqueue],
  );

  const removeStep = useCallback(
    (actionId: string) => {
      clearTimeout(timers.current.get(actionId));
      timers.current.delete(actionId);
      return enqueue(() => removeCall({ campaign_id: campaignId, action_id: actionId }));
    },
    [campaignId, enqueue, removeCall],
  );

  return { flow, addStep, removeStep, changeOptions, adding, flush };
}
