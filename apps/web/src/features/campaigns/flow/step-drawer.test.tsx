import type { Campaign, FlowNode } from '@meridian/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAppHarness } from '@/test/app-harness';
import { renderInApp } from '@/test/render-in-app';
import { PUBLISH_FAILED_TOAST_ID } from '../editor/publish-toast';
import { StepDrawer } from './step-drawer';

afterEach(resetAppHarness);

const campaign = { campaign_id: '11111111-1111-4111-8111-111111111111', name: 'Launch' } as Campaign;
const delay: FlowNode = {
  action_id: 'step-1',
  action_type: 'delay',
  action_options: {},
  branch_id: null,
  is_deleted: false,
};

describe(StepDrawer.name, () => {
  it("puts away the lasting 'Campaign publish failed' toast when a step opens, which it would cover", async () => {
    const context = { campaign, readOnly: false, showErrors: true };
    const noop = () => undefined;
    let open: () => void = noop;
    function Host() {
      const [node, setNode] = useState<FlowNode | null>(null);
      open = () => setNode(delay);
      return <StepDrawer {...context} node={node} onClose={noop} onChange={noop} />;
    }
    renderInApp(<Host />);
    act(() => {
      notifications.show({
        id: PUBLISH_FAILED_TOAST_ID,
        title: 'Campaign publish failed',
        message: 'flow: Delay is required',
        autoClose: false,
      });
    });
    expect(await screen.findByText('Campaign publish failed')).toBeTruthy();
    act(() => open());
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Campaign publish failed')).toBeNull());
  });
});
