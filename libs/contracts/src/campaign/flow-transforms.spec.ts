import { emptyFlow, type Flow, FLOW_ROOT, newBranchOptions } from './flow-graph';
import {
  addAction,
  descendants,
  FlowGraphError,
  orderedActions,
  removeAction,
  removeBranch,
  updateActionOptions,
} from './flow-transforms';
import { validateFlow } from './flow-validate';

const delay = (id: string) => ({
  action_id: id,
  action_type: 'delay' as const,
  action_options: { delay_value: 1, delay_unit: 'days' },
});
const filterBranch = (id: string) => ({
  action_id: id,
  action_type: 'branch_by_filter' as const,
  action_options: {
    primary_branch_id: `${id}-yes`,
    default_branch_id: `${id}-no`,
    condition: {
      conditions: [
        {
          sequence_number: 1,
          condition: { filter_type: 'person', filter: 'plan', operator: 'equals', value: ['gold'] },
        },
      ],
    },
  },
});
const ids = (flow: Flow) => orderedActions(flow).map((n) => n.action_id);
const branchOf = (flow: Flow, id: string) => flow.nodes.find((n) => n.action_id === id)?.branch_id ?? null;
const structure = (flow: Flow) => validateFlow(flow).structure;
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof FlowGraphError ? error.code : String(error);
  }
  return 'no error';
};

/** root -> a -> split{yes: y1 -> y2, no: n1} */
function sample(): Flow {
  let flow = addAction(emptyFlow(), { after: FLOW_ROOT }, delay('a'));
  flow = addAction(flow, { after: 'a' }, filterBranch('split'));
  flow = addAction(flow, { after: 'split', branch_id: 'split-yes' }, delay('y1'));
  flow = addAction(flow, { after: 'y1' }, delay('y2'));
  return addAction(flow, { after: 'split', branch_id: 'split-no' }, delay('n1'));
}

describe('flow transforms', () => {
  it('builds a valid tree with steps after others and in branches', () => {
    const flow = sample();
    expect(ids(flow)).toEqual(['a', 'split', 'y1', 'y2', 'n1']);
    expect(validateFlow(flow)).toMatchObject({ valid: true, structure: [], steps: {} });
    expect([branchOf(flow, 'a'), branchOf(flow, 'y2'), branchOf(flow, 'n1')]).toEqual([
      null,
      'split-yes',
      'split-no',
    ]);
  });

  it('inserts between steps and at the top, keeping what followed', () => {
    let flow = addAction(sample(), { after: 'y1' }, delay('y1b'));
    flow = addAction(flow, { after: FLOW_ROOT }, delay('first'));
    flow = addAction(flow, { after: 'split', branch_id: 'split-yes' }, delay('y0'));
    expect(ids(flow)).toEqual(['first', 'a', 'split', 'y0', 'y1', 'y1b', 'y2', 'n1']);
    expect(branchOf(flow, 'y0')).toBe('split-yes');
    expect(structure(flow)).toEqual([]);
  });

  it('moves the steps after an inserted branch step into its default branch', () => {
    const flow = addAction(sample(), { after: FLOW_ROOT }, filterBranch('top'));
    expect(ids(flow)).toEqual(['top', 'a', 'split', 'y1', 'y2', 'n1']);
    expect(branchOf(flow, 'a')).toBe('top-no');
    expect(branchOf(flow, 'split')).toBe('top-no');
    // Steps inside the moved branch step's own branches keep their branch.
    expect(branchOf(flow, 'y1')).toBe('split-yes');
    expect(validateFlow(flow).valid).toBe(true);
  });

  it('gives a new token branch step fresh ids and a default branch for what followed', () => {
    let n = 0;
    const options = newBranchOptions('branch_by_token', () => `id-${++n}`);
    expect(options).toEqual({ token: '', default_branch_id: 'id-1', conditions: [] });
    const flow = addAction(
      sample(),
      { after: 'y1' },
      { action_id: 't', action_type: 'branch_by_token', action_options: options },
    );
    expect(ids(flow)).toEqual(['a', 'split', 'y1', 't', 'y2', 'n1']);
    expect(branchOf(flow, 'y2')).toBe('id-1');
    expect(structure(flow)).toEqual([]);
    expect(newBranchOptions('delay', () => 'x')).toEqual({});
  });

  it('refuses places that do not exist or do not fit', () => {
    const flow = sample();
    expect(codeOf(() => addAction(flow, { after: 'ghost' }, delay('x')))).toBe('action_not_found');
    expect(codeOf(() => addAction(flow, { after: 'split' }, delay('x')))).toBe('branch_required');
    expect(codeOf(() => addAction(flow, { after: 'split', branch_id: 'other' }, delay('x')))).toBe(
      'branch_not_found',
    );
    expect(codeOf(() => addAction(flow, { after: 'a', branch_id: 'split-yes' }, delay('x')))).toBe(
      'branch_not_allowed',
    );
    expect(codeOf(() => addAction(flow, { after: FLOW_ROOT, branch_id: 'b' }, delay('x')))).toBe(
      'branch_not_allowed',
    );
    expect(codeOf(() => addAction(flow, { after: 'a' }, delay('y2')))).toBe('duplicate_action');
    expect(codeOf(() => addAction(flow, { after: 'a' }, delay(FLOW_ROOT)))).toBe('duplicate_action');
  });

  it('removes a plain step and joins its neighbours, keeping it as deleted for history', () => {
    const flow = removeAction(sample(), 'y1');
    expect(ids(flow)).toEqual(['a', 'split', 'y2', 'n1']);
    expect(flow.nodes.find((n) => n.action_id === 'y1')?.is_deleted).toBe(true);
    expect(structure(flow)).toEqual([]);
    expect(ids(removeAction(sample(), 'a'))).toEqual(['split', 'y1', 'y2', 'n1']);
    expect(codeOf(() => removeAction(flow, 'y1'))).toBe('action_not_found');
  });

  it('removes a branch step with both its branches', () => {
    const flow = removeAction(sample(), 'split');
    expect(ids(flow)).toEqual(['a']);
    expect(
      flow.nodes
        .filter((n) => n.is_deleted)
        .map((n) => n.action_id)
        .sort(),
    ).toEqual(['n1', 'split', 'y1', 'y2']);
    expect(flow.links).toEqual([{ source: FLOW_ROOT, target: 'a', attributes: { branch_id: null } }]);
  });

  it('removes one branch, or the branches its options no longer name', () => {
    expect(ids(removeBranch(sample(), 'split', 'split-yes'))).toEqual(['a', 'split', 'n1']);
    const options = { ...filterBranch('split').action_options, primary_branch_id: 'split-new' };
    const flow = updateActionOptions(sample(), 'split', options);
    expect(ids(flow)).toEqual(['a', 'split', 'n1']);
    expect(validateFlow(flow).valid).toBe(true);
  });

  it('lists descendants through every branch', () => {
    expect(descendants(sample(), 'a').sort()).toEqual(['n1', 'split', 'y1', 'y2']);
  });

  it('builds, orders and validates a flow of 200 steps with nested branches', () => {
    let flow = emptyFlow();
    let last = FLOW_ROOT;
    for (let i = 0; i < 200; i += 1) {
      const id = `s${i}`;
      if (i % 20 === 0) {
        flow = addAction(flow, { after: last }, filterBranch(id));
        flow = addAction(flow, { after: id, branch_id: `${id}-no` }, delay(`${id}-n`));
        // The main path continues in the branch's "yes" side.
        flow = addAction(flow, { after: id, branch_id: `${id}-yes` }, delay(`${id}-y`));
        last = `${id}-y`;
      } else {
        flow = addAction(flow, { after: last }, delay(id));
        last = id;
      }
    }
    expect(orderedActions(flow)).toHaveLength(220);
    expect(validateFlow(flow)).toMatchObject({ valid: true, structure: [] });
    expect(orderedActions(removeAction(flow, 's100'))).toHaveLength(110);
  });

  it('leaves the input flow unchanged', () => {
    const flow = sample();
    const copy = JSON.parse(JSON.stringify(flow)) as Flow;
    addAction(flow, { after: 'a' }, delay('x'));
    removeAction(flow, 'split');
    updateActionOptions(flow, 'a', {});
    expect(flow).toEqual(copy);
  });
});

describe('validateFlow', () => {
  it('reports an empty flow', () => {
    expect(validateFlow(emptyFlow())).toMatchObject({ valid: false, empty: true });
  });

  it('reports invalid steps by id with their messages', () => {
    const flow = updateActionOptions(sample(), 'y2', { delay_value: 0, delay_unit: 'days' });
    expect(validateFlow(flow)).toMatchObject({
      valid: false,
      structure: [],
      steps: { y2: { delay_value: 'Invalid delay' } },
    });
  });

  it('finds broken graphs a client could send', () => {
    const flow = sample();
    const dangling = { ...flow, links: [...flow.links, { source: 'y2', target: 'ghost', attributes: {} }] };
    expect(structure(dangling)).toContain('Flow links must join existing steps');
    const orphan = {
      ...flow,
      nodes: [...flow.nodes, { ...delay('lost'), branch_id: null, is_deleted: false }],
    };
    expect(structure(orphan)).toContain('Every flow step must be reached from the top exactly once');
    const cycle = {
      nodes: [
        { ...delay('p'), branch_id: null, is_deleted: false },
        { ...delay('q'), branch_id: null, is_deleted: false },
      ],
      links: [
        { source: 'p', target: 'q', attributes: {} },
        { source: 'q', target: 'p', attributes: {} },
      ],
    };
    expect(structure(cycle)).toContain('Every flow step must be reached from the top exactly once');
    const fork = { ...flow, links: [...flow.links, { source: 'y2', target: 'n1', attributes: {} }] };
    expect(structure(fork)).toEqual(
      expect.arrayContaining([
        'Every flow step must be reached from the top exactly once',
        'A flow step is in the wrong branch',
      ]),
    );
    const twoNext = addAction(flow, { after: FLOW_ROOT }, delay('z'));
    twoNext.links.push({ source: 'z', target: 'y1', attributes: {} });
    expect(structure(twoNext)).toContain('A flow step can lead to one next step only');
    const badBranch = {
      ...flow,
      links: flow.links.map((l) => (l.target === 'n1' ? { ...l, attributes: { branch_id: 'nope' } } : l)),
    };
    expect(structure(badBranch)).toContain('A branch link must name a branch of its step');
    const duplicate = {
      ...flow,
      nodes: [...flow.nodes, { ...delay('a'), branch_id: null, is_deleted: false }],
    };
    expect(structure(duplicate)).toContain('Flow steps must have unique ids');
  });
});
