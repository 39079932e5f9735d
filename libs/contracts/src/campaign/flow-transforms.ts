import { isBranchActionType } from './flow-actions';
import {
  branchIdsOf,
  defaultBranchOf,
  type Flow,
  FLOW_MAX_NODES,
  type FlowLink,
  type FlowNode,
  FLOW_ROOT,
} from './flow-graph';

/** Why a graph change was refused; the service maps these to its own errors. */
export type FlowGraphErrorCode =
  | 'action_not_found'
  | 'branch_not_found'
  | 'branch_required'
  | 'branch_not_allowed'
  | 'duplicate_action'
  | 'flow_too_large';

export class FlowGraphError extends Error {
  constructor(readonly code: FlowGraphErrorCode) {
    super(code);
    this.name = 'FlowGraphError';
  }
}

/** Where a new step goes: after a step (or FLOW_ROOT, at the top); after a branch step, into one of its branches. */
export interface FlowPlace {
  after: string;
  branch_id?: string | null;
}

export type NewFlowNode = Pick<FlowNode, 'action_id' | 'action_type' | 'action_options'>;

const activeNodes = (flow: Flow) => flow.nodes.filter((node) => !node.is_deleted);

export function findAction(flow: Flow, actionId: string): FlowNode | undefined {
  return flow.nodes.find((node) => node.action_id === actionId && !node.is_deleted);
}

/** The link leaving `source` for the main path (branch null) or for one branch. */
export function outgoingLink(
  flow: Flow,
  source: string,
  branchId: string | null = null,
): FlowLink | undefined {
  return flow.links.find(
    (link) => link.source === source && (link.attributes.branch_id ?? null) === branchId,
  );
}

/** Every step below a step: through its next link and, for branch steps, all its branches. */
export function descendants(flow: Flow, actionId: string): string[] {
  const found: string[] = [];
  const queue = flow.links.filter((link) => link.source === actionId).map((link) => link.target);
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (found.includes(id)) continue;
    found.push(id);
    for (const link of flow.links) if (link.source === id) queue.push(link.target);
  }
  return found;
}

/** The steps that follow one another on one path from a link's target, up to and including a branch step. */
function pathFrom(flow: Flow, first: string | undefined): string[] {
  const path: string[] = [];
  for (let id = first; id !== undefined && !path.includes(id);) {
    path.push(id);
    const node = findAction(flow, id);
    if (!node || isBranchActionType(node.action_type)) break;
    id = outgoingLink(flow, id)?.target;
  }
  return path;
}

/**
 * Adds a step at a place (spec 4: after a given action, optionally in a branch). The steps that
 * followed the place follow the new step; when the new step is itself a branch step they move into
 * its default branch, so nothing already built is lost.
 */
export function addAction(flow: Flow, place: FlowPlace, node: NewFlowNode): Flow {
  if (flow.nodes.some((existing) => existing.action_id === node.action_id) || node.action_id === FLOW_ROOT)
    throw new FlowGraphError('duplicate_action');
  if (activeNodes(flow).length >= FLOW_MAX_NODES) throw new FlowGraphError('flow_too_large');
  const branchId = place.branch_id ?? null;
  let enclosing: string | null = null;
  if (place.after !== FLOW_ROOT) {
    const parent = findAction(flow, place.after);
    if (!parent) throw new FlowGraphError('action_not_found');
    if (isBranchActionType(parent.action_type)) {
      if (branchId === null) throw new FlowGraphError('branch_required');
      if (!branchIdsOf(parent).includes(branchId)) throw new FlowGraphError('branch_not_found');
      enclosing = branchId;
    } else {
      if (branchId !== null) throw new FlowGraphError('branch_not_allowed');
      enclosing = parent.branch_id ?? null;
    }
  } else if (branchId !== null) throw new FlowGraphError('branch_not_allowed');

  const added: FlowNode = {
    ...node,
    action_options: node.action_options ?? {},
    branch_id: enclosing,
    is_deleted: false,
  };
  const old = outgoingLink(flow, place.after, branchId);
  const links = flow.links.filter((link) => link !== old);
  links.push({ source: place.after, target: added.action_id, attributes: { branch_id: branchId } });
  let nodes = [...flow.nodes, added];
  if (old) {
    const intoBranch = isBranchActionType(added.action_type) ? defaultBranchOf(added) : null;
    if (isBranchActionType(added.action_type) && intoBranch === null)
      throw new FlowGraphError('branch_required');
    links.push({ source: added.action_id, target: old.target, attributes: { branch_id: intoBranch } });
    if (intoBranch !== null) {
      // The moved steps now sit in the new branch (steps inside their own branches keep theirs).
      const moved = new Set(pathFrom(flow, old.target));
      nodes = nodes.map((n) => (moved.has(n.action_id) ? { ...n, branch_id: intoBranch } : n));
    }
  }
  return { nodes, links };
}

/** Marks steps deleted and drops every link touching them. */
function dropSteps(flow: Flow, ids: readonly string[]): Flow {
  const gone = new Set(ids);
  return {
    nodes: flow.nodes.map((n) => (gone.has(n.action_id) && !n.is_deleted ? { ...n, is_deleted: true } : n)),
    links: flow.links.filter((link) => !gone.has(link.source) && !gone.has(link.target)),
  };
}

/**
 * Removes a step. A plain step's next step takes its place; a branch step goes with all its
 * branches and everything in them.
 */
export function removeAction(flow: Flow, actionId: string): Flow {
  const node = findAction(flow, actionId);
  if (!node) throw new FlowGraphError('action_not_found');
  if (isBranchActionType(node.action_type))
    return dropSteps(flow, [actionId, ...descendants(flow, actionId)]);
  const incoming = flow.links.find((link) => link.target === actionId);
  const next = outgoingLink(flow, actionId);
  const result = dropSteps(flow, [actionId]);
  if (incoming && next)
    result.links.push({ source: incoming.source, target: next.target, attributes: incoming.attributes });
  return result;
}

/** Removes one branch of a branch step with everything in it (a token or value condition deleted). */
export function removeBranch(flow: Flow, actionId: string, branchId: string): Flow {
  if (!findAction(flow, actionId)) throw new FlowGraphError('action_not_found');
  const first = outgoingLink(flow, actionId, branchId);
  if (!first) return flow;
  return dropSteps(flow, [first.target, ...descendants(flow, first.target)]);
}

/**
 * Replaces a step's options (the side panel's save). A branch step whose options no longer name a
 * branch loses that branch and the steps in it.
 */
export function updateActionOptions(flow: Flow, actionId: string, options: Record<string, unknown>): Flow {
  const node = findAction(flow, actionId);
  if (!node) throw new FlowGraphError('action_not_found');
  const updated = { ...node, action_options: options };
  let result: Flow = { ...flow, nodes: flow.nodes.map((n) => (n === node ? updated : n)) };
  if (isBranchActionType(node.action_type)) {
    const kept = branchIdsOf(updated);
    for (const link of flow.links.filter((l) => l.source === actionId)) {
      const branch = link.attributes.branch_id ?? null;
      if (branch === null || !kept.includes(branch))
        result = dropSteps(result, [link.target, ...descendants(result, link.target)]);
    }
  }
  return result;
}

/** Active steps in reading order: depth first from the top, each branch in the order its step names them. */
export function orderedActions(flow: Flow): FlowNode[] {
  const ordered: FlowNode[] = [];
  const visit = (source: string, branchId: string | null) => {
    const link = outgoingLink(flow, source, branchId);
    const node = link && findAction(flow, link.target);
    if (!node || ordered.includes(node)) return;
    ordered.push(node);
    if (isBranchActionType(node.action_type)) for (const id of branchIdsOf(node)) visit(node.action_id, id);
    else visit(node.action_id, null);
  };
  visit(FLOW_ROOT, null);
  return ordered;
}
