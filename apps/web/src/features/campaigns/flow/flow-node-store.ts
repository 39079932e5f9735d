import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { Flow, FlowNode } from '@meridian/contracts';

/** The flow's current steps by id; a card subscribes to its own step only. */
export interface FlowNodeStore {
  get(id: string): FlowNode | undefined;
  subscribe(listener: () => void): () => void;
}

function createStore(flow: Flow) {
  let byId = new Map(flow.nodes.map((node) => [node.action_id, node]));
  const listeners = new Set<() => void>();
  return {
    get: (id: string) => byId.get(id),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Flow) {
      byId = new Map(next.nodes.map((node) => [node.action_id, node]));
      for (const listener of listeners) listener();
    },
  };
}

/** A store that follows `flow`; unchanged steps keep their object, so their cards do not re-render. */
export function useFlowNodeStore(flow: Flow): FlowNodeStore {
  const [store] = useState(() => createStore(flow));
  useLayoutEffect(() => store.set(flow), [store, flow]);
  return store;
}

export const FlowNodeStoreContext = createContext<FlowNodeStore | null>(null);

/** The step as it is now (options typed a moment ago included), else as it was laid out. */
export function useCurrentStep(laidOut: FlowNode): FlowNode {
  const store = useContext(FlowNodeStoreContext);
  const current = useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => undefined),
    () => store?.get(laidOut.action_id),
  );
  return current ?? laidOut;
}
