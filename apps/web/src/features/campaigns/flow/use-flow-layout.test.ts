import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addAction, emptyFlow, type Flow, FLOW_ROOT, updateActionOptions } from '@meridian/contracts';
import * as layoutModule from './flow-layout';
import { useFlowLayout } from './use-flow-layout';

vi.mock('./flow-layout', async (original) => {
  const actual = await original<typeof import('./flow-layout')>();
  return { ...actual, computeFlowLayout: vi.fn(actual.computeFlowLayout) };
});

function steps(count: number): Flow {
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

describe(useFlowLayout.name, () => {
  it('lays out a 200-step flow once per change of its shape, not per render or keystroke', () => {
    const compute = vi.mocked(layoutModule.computeFlowLayout);
    compute.mockClear();
    const flow = steps(200);
    const { result, rerender } = renderHook(({ current }) => useFlowLayout(current), {
      initialProps: { current: flow },
    });
    const first = result.current;
    for (let i = 0; i < 20; i += 1) rerender({ current: flow });
    expect(compute).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(first);
    // Typing in a panel: each keystroke is a new flow with new options, and no new layout.
    let typed = flow;
    for (const subject of ['H', 'He', 'Hel', 'Hell', 'Hello']) {
      typed = updateActionOptions(typed, 's100', { delay_value: subject.length, delay_unit: 'days' });
      rerender({ current: typed });
    }
    expect(compute).toHaveBeenCalledTimes(1);
    rerender({
      current: addAction(
        flow,
        { after: 's199' },
        { action_id: 'x', action_type: 'webhook', action_options: {} },
      ),
    });
    expect(compute).toHaveBeenCalledTimes(2);
    expect(result.current.nodes.filter((node) => node.type === 'action')).toHaveLength(201);
  });
});
