import { MantineProvider } from '@mantine/core';
import { audienceMessages, type AudienceQuery } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { AudienceQueryModal } from './query-modal';

afterEach(resetAppHarness);

const fields = {
  body: { columns: [{ name: 'email', display: 'Email', type: 'string', custom: false }] },
};

const emailContains: AudienceQuery = {
  conditions: [
    {
      type: 'group',
      name: 'Group 1',
      connector: 'and',
      children: [
        {
          type: 'filter',
          filter_type: 'person',
          filter: 'email',
          property: null,
          operator: 'contains',
          value: ['@acme'],
          connector: 'or',
        },
      ],
    },
  ],
};

function renderModal(onSubmit: (query: AudienceQuery) => Promise<unknown>, initialQuery?: AudienceQuery) {
  stubApi({ '/api/campaign/v1/campaigns/dynamic-list/table/description': fields });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <AudienceQueryModal
          opened
          onClose={onClose}
          submitLabel="Add to list"
          onSubmit={onSubmit}
          campaignContext="person"
          scope="test"
          personHref={(id) => `/contacts/${id}`}
          initialQuery={initialQuery}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Dynamic list query' }));
  return { dialog, onClose };
}

describe(AudienceQueryModal.name, () => {
  it('does not submit an invalid query and shows why at its rows', () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { dialog } = renderModal(onSubmit);
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(dialog.getByText(audienceMessages.empty)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Add group' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(
      within(dialog.getByRole('region', { name: 'Group 1' })).getByText(audienceMessages.outerGroupEmpty),
    ).toBeTruthy();
    expect(dialog.getByText(audienceMessages.someFieldsInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits the query with blank first connectors, closes once done, and shows the server's row messages when refused", async () => {
    const refusal = new ApiError({
      kind: 'http',
      method: 'POST',
      url: '/x',
      status: 400,
      body: {
        status_code: 400,
        code: 'ValidationException',
        description: audienceMessages.someFieldsInvalid,
        fields: { 'query.conditions.0.children.0': ['Static list not found'] },
      },
      signedInCall: true,
      selfHandled: false,
    });
    const onSubmit = vi.fn<(query: AudienceQuery) => Promise<unknown>>();
    onSubmit.mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    const { dialog, onClose } = renderModal(onSubmit, emailContains);
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await dialog.findByText('Static list not found')).toBeTruthy();
    expect(onSubmit.mock.calls[0]?.[0].conditions[0]?.children[0]?.connector).toBe('');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
