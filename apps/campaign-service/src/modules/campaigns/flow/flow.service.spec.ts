import { type Flow, FLOW_MAX_NODES, flowSchema } from '@meridian/contracts';
import { boundRemoved } from './flow.service';

const node = (i: number, is_deleted: boolean) => ({
  action_id: `s${i}`,
  action_type: 'delay' as const,
  action_options: {},
  branch_id: null,
  is_deleted,
});

describe(boundRemoved.name, () => {
  it('drops the oldest removed steps once the stored list passes its bound, keeping active ones', () => {
    const nodes = [...Array.from({ length: FLOW_MAX_NODES * 2 }, (_, i) => node(i, true)), node(9999, false)];
    const flow: Flow = { nodes, links: [] };
    expect(flowSchema.safeParse(flow).success).toBe(false);
    const bounded = boundRemoved(flow);
    expect(bounded.nodes).toHaveLength(FLOW_MAX_NODES * 2);
    expect(bounded.nodes[0].action_id).toBe('s1');
    expect(bounded.nodes.at(-1)?.is_deleted).toBe(false);
    expect(flowSchema.safeParse(bounded).success).toBe(true);
  });

  it('leaves a flow within its bound as it is', () => {
    const flow: Flow = { nodes: [node(1, true), node(2, false)], links: [] };
    expect(boundRemoved(flow)).toBe(flow);
  });
});
