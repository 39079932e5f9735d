import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, type Flow, flowActionUpdateContract } from '@meridian/contracts';
import { stubApi } from '@/test/api-stub';
import { OPTIONS_SAVE_DELAY_MS, useFlowEditor } from './use-flow-editor';

const flow: Flow = {
  nodes: [
    { action_id: 'a1', action_type: 'send_email', action_options: {}, branch_id: null, is_deleted: false },
  ],
  links: [{ source: 'root', target: 'a1', attributes: { branch_id: null } }],
};
const campaign = {
  campaign_id: '11111111-1111-4111-8111-111111111111',
  version: 1,
  flow: null,
  draft_data: { flow },
} as unknown as Campaign;

const UPDATE = flowActionUpdateContract.fullPath;
const saved = (options: Record<string, unknown>) => ({
  body: {
    flow: { ...flow, nodes: [{ ...flow.nodes[0], action_options: options }] },
    updated_at: '2026-11-23T10:00:00.000Z',
    updated_by: { id: 'u1', name: 'Ada' },
  },
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => vi.useRealTimers());

describe(useFlowEditor.name, () => {
  it('shows option edits at once and saves only the last one, 2 s after the last change', async () => {
    vi.useFakeTimers();
    const api = stubApi({ [UPDATE]: saved({ subject: 'Hello' }) });
    const onSaved = vi.fn();
    const { result } = renderHook(() => useFlowEditor(campaign, onSaved), { wrapper });
    act(() => result.current.changeOptions('a1', { subject: 'He' }));
    await act(() => vi.advanceTimersByTimeAsync(OPTIONS_SAVE_DELAY_MS - 500));
    act(() => result.current.changeOptions('a1', { subject: 'Hello' }));
    expect(result.current.flow.nodes[0].action_options).toEqual({ subject: 'Hello' });
    await act(() => vi.advanceTimersByTimeAsync(OPTIONS_SAVE_DELAY_MS - 500));
    expect(api.callsTo(UPDATE)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(api.callsTo(UPDATE).map((call) => call.body)).toEqual([
      { campaign_id: campaign.campaign_id, action_id: 'a1', action_options: { subject: 'Hello' } },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ updated_by: { id: 'u1', name: 'Ada' } }));
    expect(result.current.flow.nodes[0].action_options).toEqual({ subject: 'Hello' });
  });

  it('saves a change still waiting for its delay when the tab goes away', async () => {
    vi.useFakeTimers();
    const api = stubApi({ [UPDATE]: saved({ subject: 'Bye' }) });
    const { result, unmount } = renderHook(() => useFlowEditor(campaign, vi.fn()), { wrapper });
    act(() => result.current.changeOptions('a1', { subject: 'Bye' }));
    unmount();
    await vi.advanceTimersByTimeAsync(10);
    expect(api.callsTo(UPDATE)).toHaveLength(1);
  });
});
