import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  actionErrors,
  type ActionType,
  type Campaign,
  salesforceConnectionGetContract,
  staticListsAllContract,
  templatesListContract,
} from '@meridian/contracts';
import { stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { SF_CONNECTION_ID, salesforceConnection } from '@/test/salesforce-fixtures';
import { stepPanels } from './registry';

afterEach(resetAppHarness);

function renderPanel(type: ActionType, options: Record<string, unknown>) {
  const onChange = vi.fn();
  const Panel = stepPanels[type];
  const node = {
    action_id: 'a1',
    action_type: type,
    action_options: options,
    branch_id: null,
    is_deleted: false,
  };
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Panel
            campaign={{} as Campaign}
            readOnly={false}
            showErrors
            node={node}
            options={options}
            errors={actionErrors(node)}
            onChange={onChange}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onChange;
}

const page = { page_number: 1, page_size: 10000, page_count: 1, total_count: 0 };

describe('step panels', () => {
  it('internal email alert: the template and the recipients with their messages', async () => {
    stubApi({ [templatesListContract.fullPath]: { body: { ...page, records: [] } } });
    const onChange = renderPanel('send_internal_email', { internal_emails: ['ops@acme.com', 'nope'] });
    expect(screen.getByText('Enter valid email id')).toBeTruthy();
    expect(await screen.findByText('Select an email template')).toBeTruthy();
    // TagsInput labels its field and its hidden form value alike.
    const input = screen
      .getAllByLabelText('Send to')
      .find(
        (element) => element instanceof HTMLInputElement && element.type !== 'hidden',
      ) as HTMLInputElement;
    fireEvent.paste(input, { clipboardData: { getData: () => 'team@acme.com, ' } });
    expect(onChange).toHaveBeenLastCalledWith({ internal_emails: ['ops@acme.com', 'nope', 'team@acme.com'] });
  });

  it('delay: digits become the number, other text stays as typed, and one message for a bad value', () => {
    const onChange = renderPanel('delay', { delay_value: '0', delay_unit: 'days' });
    expect(screen.getByText('Invalid delay')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Wait for'), { target: { value: ' 12 ' } });
    expect(onChange).toHaveBeenLastCalledWith({ delay_value: 12, delay_unit: 'days' });
    fireEvent.change(screen.getByLabelText('Wait for'), { target: { value: '3h' } });
    expect(onChange).toHaveBeenLastCalledWith({ delay_value: '3h', delay_unit: 'days' });
  });

  it('static list: the organisation’s lists, and its message while none is chosen', async () => {
    renderPanel('add_to_static_list', {});
    expect(screen.getByText('Static list is required')).toBeTruthy();
    cleanup();
    stubApi({
      [staticListsAllContract.fullPath]: {
        body: {
          records: [
            {
              static_list_id: 'l1',
              name: 'VIPs',
              num_records: 3,
              created_at: '2026-01-01',
              updated_at: '2026-01-01',
              created_by: null,
              updated_by: null,
            },
          ],
        },
      },
    });
    renderPanel('remove_from_static_list', { static_list_id: 'l1' });
    expect(await screen.findByDisplayValue('VIPs')).toBeTruthy();
    expect(screen.queryByText('Static list is required')).toBeNull();
  });

  it('Salesforce: says a connection is needed while the organisation has none', async () => {
    stubApi({ [salesforceConnectionGetContract.fullPath]: { body: { connection: null } } });
    renderPanel('salesforce_manual_sync', {});
    expect(await screen.findByText('A Salesforce connection is needed')).toBeTruthy();
    expect(screen.getByText('Salesforce connection is required')).toBeTruthy();
  });

  it('Salesforce: the organisation’s connection can be chosen, and a disconnected one must be chosen again', async () => {
    const connection = { connection_id: SF_CONNECTION_ID, name: 'Acme Salesforce' };
    stubApi({
      [salesforceConnectionGetContract.fullPath]: { body: { connection: salesforceConnection(connection) } },
    });
    const onChange = renderPanel('salesforce_manual_sync', {});
    const picker = screen.getByLabelText('Salesforce connection', { selector: 'input' }) as HTMLInputElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Salesforce' }));
    expect(onChange).toHaveBeenLastCalledWith({ connection_id: SF_CONNECTION_ID });
    expect(screen.queryByText('A Salesforce connection is needed')).toBeNull();
    cleanup();
    stubApi({
      [salesforceConnectionGetContract.fullPath]: { body: { connection: salesforceConnection(connection) } },
    });
    renderPanel('salesforce_manual_sync', { connection_id: 'sf-old' });
    expect(await screen.findByText('Salesforce connection is required')).toBeTruthy();
  });
});
