import { describe, expect, it } from 'vitest';
import { addAction, emptyFlow, type Flow, FLOW_ROOT, newBranchOptions } from '@meridian/contracts';
import { COLUMN_WIDTH, computeFlowLayout } from './flow-layout';

/** A line of `count` delays under the top node. */
function lineOfSteps(count: number): Flow {
  let flow = emptyFlow();
  for (let i = 0; i < count; i += 1)
    flow = addAction(
      flow,
      { after: i === 0 ? FLOW_ROOT : `s${i - 1}` },
      {
        action_id: `s${i}`,
        action_type: 'delay',
        action_options: {},
      },
    );
  return flow;
}

const ids = () => {
  let n = 0;
  return () => `b${(n += 1)}`;
};

describe(computeFlowLayout.name, () => {
  it('places the top node, then each step under the one before with a + between them', () => {
    const layout = computeFlowLayout(lineOfSteps(3));
    const kinds = layout.nodes.map((node) => node.type);
    expect(kinds).toEqual(['top', 'add', 'action', 'add', 'action', 'add', 'action', 'add']);
    const ys = layout.nodes.map((node) => node.position.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(new Set(layout.nodes.map((node) => node.position.x)).size).toBe(1);
    expect(layout.edges).toHaveLength(7);
  });

  it('fans a branch step out into its branches side by side, each with its own +', () => {
    const flow = addAction(
      lineOfSteps(1),
      { after: 's0' },
      {
        action_id: 'split',
        action_type: 'branch_by_filter',
        action_options: newBranchOptions('branch_by_filter', ids()),
      },
    );
    const withStep = addAction(
      flow,
      { after: 'split', branch_id: 'b1' },
      {
        action_id: 'inside',
        action_type: 'send_email',
        action_options: {},
      },
    );
    const layout = computeFlowLayout(withStep);
    const branchAdds = layout.nodes.filter(
      (node) => node.type === 'add' && node.data.place.after === 'split',
    );
    expect(branchAdds.map((node) => node.type === 'add' && node.data.label)).toEqual([
      'Matches the filter',
      'Otherwise',
    ]);
    expect(branchAdds[1].position.x - branchAdds[0].position.x).toBe(COLUMN_WIDTH);
    const inside = layout.nodes.find((node) => node.id === 'inside');
    expect(inside?.position.x).toBe(branchAdds[0].position.x);
    expect(inside?.position.y).toBeGreaterThan(branchAdds[0].position.y);
  });

  it('lays out 200 steps with every step placed once', () => {
    const layout = computeFlowLayout(lineOfSteps(200));
    expect(layout.nodes.filter((node) => node.type === 'action')).toHaveLength(200);
    expect(new Set(layout.nodes.map((node) => node.id)).size).toBe(layout.nodes.length);
  });
});
