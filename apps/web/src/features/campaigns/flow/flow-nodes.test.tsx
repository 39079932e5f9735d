import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import type { ComponentProps, ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowNode } from '@meridian/contracts';
import { resetAppHarness } from '@/test/app-harness';
import { type FlowCanvasActions, FlowCanvasContext, flowNodeTypes } from './flow-nodes';

afterEach(resetAppHarness);

const invalidEmail: FlowNode = {
  action_id: 'a1',
  action_type: 'send_email',
  action_options: { subject: 'Hi' },
  branch_id: null,
  is_deleted: false,
};

function renderStep(overrides: Partial<FlowCanvasActions>) {
  const actions: FlowCanvasActions = {
    audienceCount: 1234,
    readOnly: false,
    showErrors: false,
    selectedId: null,
    onEditDynamicList: vi.fn(),
    onAdd: vi.fn(),
    onOpen: vi.fn(),
    onRemove: vi.fn(),
    ...overrides,
  };
  const Step = flowNodeTypes.action;
  const Top = flowNodeTypes.top as ComponentType;
  const props = { id: 'a1', data: { node: invalidEmail } } as unknown as ComponentProps<typeof Step>;
  render(
    <MantineProvider env="test">
      <ReactFlowProvider>
        <FlowCanvasContext.Provider value={actions}>
          <Top />
          <Step {...props} />
        </FlowCanvasContext.Provider>
      </ReactFlowProvider>
    </MantineProvider>,
  );
  return actions;
}

describe('flow nodes', () => {
  it("shows 'Fields are invalid' on an incomplete step only once errors are shown", () => {
    renderStep({ showErrors: false });
    expect(screen.queryByText('Fields are invalid')).toBeNull();
    cleanup();
    renderStep({ showErrors: true });
    expect(screen.getByText('Fields are invalid')).toBeTruthy();
  });

  it('opens the step, removes it without opening it, and leads to the dynamic list', () => {
    const actions = renderStep({});
    expect(screen.getByText('1,234 contacts selected in Dynamic list')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open step Send email' }));
    expect(actions.onOpen).toHaveBeenCalledWith('a1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove step Send email' }));
    expect(actions.onRemove).toHaveBeenCalledWith('a1');
    expect(actions.onOpen).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the dynamic list' }));
    expect(actions.onEditDynamicList).toHaveBeenCalled();
  });

  it('offers no remove button when read-only', () => {
    renderStep({ readOnly: true });
    expect(screen.queryByRole('button', { name: 'Remove step Send email' })).toBeNull();
  });
});
