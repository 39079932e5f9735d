import type { AudienceQuery } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { useAudienceCount } from './api';

afterEach(resetAppHarness);

const COUNT = '/api/campaign/v1/campaigns/dynamic-list/count';
const CAMPAIGN_ID = '5b0c9a4e-7d1f-4c3a-9a51-2f3e4d5c6b7a';
const everyone: AudienceQuery = {
  conditions: [{ type: 'group', name: 'All', connector: 'and', operator: 'all', children: [] }],
};

function renderCount(query: AudienceQuery) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useAudienceCount(CAMPAIGN_ID, query), { wrapper });
}

describe(useAudienceCount.name, () => {
  it('counts the unsaved query, its first connector blanked', async () => {
    const api = stubApi({ [COUNT]: { body: { count: 42 } } });
    const { result } = renderCount(everyone);
    await waitFor(() => expect(result.current.count).toBe(42));
    expect(api.callsTo(COUNT)[0]?.body).toEqual({
      campaign_id: CAMPAIGN_ID,
      query: { conditions: [{ ...everyone.conditions[0], connector: '' }] },
    });
  });

  it('counts 0 when the count fails, as spec 8 says', async () => {
    const api = stubApi({ [COUNT]: errorBody(400, 'ValidationException', 'Some fields are invalid') });
    const { result } = renderCount(everyone);
    await waitFor(() => expect(api.callsTo(COUNT)).toHaveLength(1));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.count).toBe(0);
  });

  it('does not ask the server about an incomplete query', () => {
    const api = stubApi({ [COUNT]: { body: { count: 5 } } });
    const { result } = renderCount({ conditions: [] });
    // The first query is not debounced (a complete one is asked at once, as above).
    expect(api.callsTo(COUNT)).toHaveLength(0);
    expect(result.current.count).toBe(0);
  });
});
