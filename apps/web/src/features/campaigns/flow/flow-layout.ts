import type { Edge, Node } from '@xyflow/react';
import {
  type ActionType,
  branchIdsOf,
  type Flow,
  type FlowNode,
  FLOW_ROOT,
  isBranchActionType,
} from '@meridian/contracts';

/** Spec 9: action node heights vary per type; the cards are drawn at these heights. */
export const NODE_HEIGHT: Record<ActionType, number> = {
  send_email: 132,
  send_internal_email: 120,
  delay: 96,
  webhook: 96,
  add_to_static_list: 96,
  remove_from_static_list: 96,
  salesforce_manual_sync: 96,
  update_value: 108,
  branch_by_filter: 108,
  branch_by_token: 108,
  branch_by_value: 108,
};
export const TOP_HEIGHT = 72;
export const CARD_WIDTH = 280;
export const COLUMN_WIDTH = 320;
export const PLUS_HEIGHT = 72;
export const LABELLED_PLUS_HEIGHT = 100;
const BRANCH_GAP = 32;

export interface AddPlace {
  after: string;
  branchId: string | null;
}
export type ActionNodeData = { node: FlowNode };
/** `end`: nothing follows this '+', so its line stops at the button. */
export type AddNodeData = { place: AddPlace; label: string | null; end: boolean };
export type FlowLayoutNode =
  Node<{ kind: 'top' }, 'top'> | Node<ActionNodeData, 'action'> | Node<AddNodeData, 'add'>;
export interface FlowLayout {
  nodes: FlowLayoutNode[];
  edges: Edge[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What a branch's '+' button is captioned with, so the user sees which way each branch goes. */
export function branchLabel(node: FlowNode, branchId: string): string {
  const options = node.action_options ?? {};
  if (text(options.default_branch_id) === branchId) return 'Otherwise';
  if (node.action_type === 'branch_by_filter') return 'Matches the filter';
  const conditions = Array.isArray(options.conditions) ? (options.conditions as unknown[]) : [];
  const index = conditions.findIndex(
    (item) => text((item as { branch_id?: unknown } | null)?.branch_id) === branchId,
  );
  return index >= 0 ? `Option ${index + 1}` : 'Branch';
}

/** What the layout depends on: the active steps, their branches and the links, not their options. */
export function flowShape(flow: Flow): string {
  const parts: string[] = [];
  for (const node of flow.nodes)
    if (!node.is_deleted)
      parts.push(
        `${node.action_id}:${node.action_type}:${branchIdsOf(node)
          .map((id) => `${id}=${branchLabel(node, id)}`)
          .join(',')}`,
      );
  for (const link of flow.links)
    parts.push(`${link.source}>${link.target}:${link.attributes.branch_id ?? ''}`);
  return parts.join('|');
}

/**
 * Places the flow top to bottom: the top node, then each step under the one before with a '+'
 * between them; a branch step fans out into its branches side by side, each as wide as the widest
 * fan-out inside it. Pure and linear in the flow's size, so it runs once per flow change.
 */
export function computeFlowLayout(flow: Flow): FlowLayout {
  const byId = new Map<string, FlowNode>();
  for (const node of flow.nodes) if (!node.is_deleted) byId.set(node.action_id, node);
  const next = new Map<string, string>();
  for (const link of flow.links)
    next.set(`${link.source}\u0000${link.attributes.branch_id ?? ''}`, link.target);
  const follow = (source: string, branchId: string | null) => {
    const target = next.get(`${source}\u0000${branchId ?? ''}`);
    return target === undefined ? undefined : byId.get(target);
  };

  const widths = new Map<string, number>();
  const widthOf = (source: string, branchId: string | null): number => {
    const key = `${source}\u0000${branchId ?? ''}`;
    const known = widths.get(key);
    if (known !== undefined) return known;
    widths.set(key, 1); // a cycle in a broken flow ends here
    let width = 1;
    const seen = new Set<string>();
    for (let node = follow(source, branchId); node && !seen.has(node.action_id);) {
      seen.add(node.action_id);
      if (isBranchActionType(node.action_type)) {
        const branches = branchIdsOf(node);
        width = Math.max(
          width,
          branches.reduce((sum, id) => sum + widthOf(node!.action_id, id), 0),
        );
        break;
      }
      node = follow(node.action_id, null);
    }
    widths.set(key, width);
    return width;
  };

  const nodes: FlowLayoutNode[] = [
    {
      id: FLOW_ROOT,
      type: 'top',
      position: { x: -CARD_WIDTH / 2, y: 0 },
      width: CARD_WIDTH,
      height: TOP_HEIGHT,
      data: { kind: 'top' },
    },
  ];
  const edges: Edge[] = [];
  const placed = new Set<string>();
  const edge = (source: string, target: string) =>
    // A small offset keeps a fan-out's corners tight under the branch step instead of looping.
    edges.push({
      id: `${source}->${target}`,
      source,
      target,
      type: 'smoothstep',
      pathOptions: { offset: 4, borderRadius: 8 },
    } as Edge);

  const placeChain = (
    source: string,
    branchId: string | null,
    label: string | null,
    x: number,
    top: number,
  ) => {
    let from = source;
    let branch = branchId;
    let caption = label;
    let y = top;
    for (;;) {
      const addId = `add:${from}:${branch ?? ''}`;
      const node = follow(from, branch);
      const end = !node || placed.has(node.action_id);
      nodes.push({
        id: addId,
        type: 'add',
        position: { x: x - CARD_WIDTH / 2, y },
        width: CARD_WIDTH,
        height: caption ? LABELLED_PLUS_HEIGHT : PLUS_HEIGHT,
        data: { place: { after: from, branchId: branch }, label: caption, end },
      });
      edge(from, addId);
      y += caption ? LABELLED_PLUS_HEIGHT : PLUS_HEIGHT;
      if (end) return;
      placed.add(node.action_id);
      nodes.push({
        id: node.action_id,
        type: 'action',
        position: { x: x - CARD_WIDTH / 2, y },
        data: { node },
      });
      edge(addId, node.action_id);
      y += NODE_HEIGHT[node.action_type];
      if (isBranchActionType(node.action_type)) {
        // Room for the edges to fan out before the branches' captions.
        y += BRANCH_GAP;
        const branches = branchIdsOf(node);
        const total = branches.reduce((sum, id) => sum + widthOf(node.action_id, id), 0);
        let left = x - (total * COLUMN_WIDTH) / 2;
        for (const id of branches) {
          const width = widthOf(node.action_id, id);
          placeChain(node.action_id, id, branchLabel(node, id), left + (width * COLUMN_WIDTH) / 2, y);
          left += width * COLUMN_WIDTH;
        }
        return;
      }
      from = node.action_id;
      branch = null;
      caption = null;
    }
  };
  placeChain(FLOW_ROOT, null, null, 0, TOP_HEIGHT);
  return { nodes, edges };
}
