import { isBranchActionType } from './flow-actions';
import { actionErrors, branchIdsOf, type Flow, FLOW_MAX_NODES, FLOW_ROOT } from './flow-graph';

/** Ours: the spec has no texts for a malformed graph, which only a broken client can send. */
export const flowGraphMessages = {
  duplicateAction: 'Flow steps must have unique ids',
  danglingLink: 'Flow links must join existing steps',
  notConnected: 'Every flow step must be reached from the top exactly once',
  tooManyNext: 'A flow step can lead to one next step only',
  unknownBranch: 'A branch link must name a branch of its step',
  wrongBranch: 'A flow step is in the wrong branch',
  tooLarge: `A flow can hold at most ${FLOW_MAX_NODES} steps`,
} as const;

export interface FlowValidation {
  valid: boolean;
  /** No active steps: publish says 'Flow is empty'. */
  empty: boolean;
  /** Graph-shape problems, each message once. */
  structure: string[];
  /** Per invalid step: field path to the spec's message (a card shows 'Fields are invalid'). */
  steps: Record<string, Record<string, string>>;
}

/**
 * Validates a whole flow: a tree hanging from FLOW_ROOT where every active step is reached once,
 * plain steps lead to at most one next step, branch steps only into their own branches (one link
 * each), every step knows its branch, and every step's options pass its type's schema.
 */
export function validateFlow(flow: Flow): FlowValidation {
  const structure = new Set<string>();
  const nodes = flow.nodes.filter((node) => !node.is_deleted);
  const byId = new Map(nodes.map((node) => [node.action_id, node]));
  if (byId.size !== nodes.length || flow.nodes.some((n) => n.is_deleted && byId.has(n.action_id)))
    structure.add(flowGraphMessages.duplicateAction);
  if (nodes.length > FLOW_MAX_NODES) structure.add(flowGraphMessages.tooLarge);

  const incoming = new Map<string, number>();
  const seenExits = new Set<string>();
  for (const link of flow.links) {
    const source = link.source === FLOW_ROOT ? null : byId.get(link.source);
    const target = byId.get(link.target);
    if ((link.source !== FLOW_ROOT && !source) || !target) {
      structure.add(flowGraphMessages.danglingLink);
      continue;
    }
    incoming.set(link.target, (incoming.get(link.target) ?? 0) + 1);
    const branch = link.attributes.branch_id ?? null;
    const exit = `${link.source}\u0000${branch ?? ''}`;
    if (seenExits.has(exit)) structure.add(flowGraphMessages.tooManyNext);
    seenExits.add(exit);
    if (source && isBranchActionType(source.action_type)) {
      if (branch === null || !branchIdsOf(source).includes(branch))
        structure.add(flowGraphMessages.unknownBranch);
    } else if (branch !== null) structure.add(flowGraphMessages.unknownBranch);
    // A step's branch is the branch it was linked into, or its parent's on a plain link.
    const expected = branch ?? (source ? (source.branch_id ?? null) : null);
    if ((target.branch_id ?? null) !== expected) structure.add(flowGraphMessages.wrongBranch);
  }
  const reached = reachable(flow);
  if (nodes.some((node) => incoming.get(node.action_id) !== 1 || !reached.has(node.action_id)))
    structure.add(flowGraphMessages.notConnected);

  const steps: Record<string, Record<string, string>> = {};
  for (const node of nodes) {
    const errors = actionErrors(node);
    if (Object.keys(errors).length > 0) steps[node.action_id] = errors;
  }
  const list = [...structure];
  return {
    valid: nodes.length > 0 && list.length === 0 && Object.keys(steps).length === 0,
    empty: nodes.length === 0,
    structure: list,
    steps,
  };
}

function reachable(flow: Flow): Set<string> {
  const seen = new Set<string>();
  const queue = [FLOW_ROOT];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const link of flow.links)
      if (link.source === id && !seen.has(link.target)) {
        seen.add(link.target);
        queue.push(link.target);
      }
  }
  return seen;
}
