import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListContactsTable } from './list-contacts-table';

const COLUMNS = [
  'First Name',
  'Last Name',
  'Title',
  'Company',
  'Email Address',
  'Phone',
  'Date Added',
  'Actions',
];

const jamie = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'jamie@example.com',
  first_name: 'Jamie',
  last_name: null,
  title: null,
  company_name: null,
  phone_number: null,
  added_at: '2026-01-01T00:00:00.000Z',
};

function renderTable(
  records: Parameters<typeof ListContactsTable>[0]['records'],
  filtered = false,
  handlers = { onOpen: vi.fn(), onRemove: vi.fn() },
) {
  render(
    <MantineProvider env="test">
      <ListContactsTable
        records={records}
        loading={false}
        filtered={filtered}
        selected={new Set()}
        onSelectedChange={vi.fn()}
        onOpen={handlers.onOpen}
        onRemove={handlers.onRemove}
      />
    </MantineProvider>,
  );
  return screen.getByTestId('list-contacts-table');
}

describe(ListContactsTable.name, () => {
  it('keeps the header with its columns when the list is empty, with the empty text inside the table', () => {
    const table = renderTable([]);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual(COLUMNS);
    expect(within(table).getByText('No contacts in this list')).toBeTruthy();
    expect(within(table).getByText('Add contacts from a CSV file with the Add contacts menu.')).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows rows under the same columns when the list has contacts', () => {
    const table = renderTable([jamie]);
    expect(within(table).getByText('jamie@example.com')).toBeTruthy();
    expect(within(table).queryByText('No contacts in this list')).toBeNull();
  });

  it("removes one member from its row's button without opening the contact", () => {
    const handlers = { onOpen: vi.fn(), onRemove: vi.fn() };
    const table = renderTable([jamie], false, handlers);
    fireEvent.click(within(table).getByRole('button', { name: 'Remove jamie@example.com' }));
    expect(handlers.onRemove).toHaveBeenCalledWith('jamie@example.com');
    expect(handlers.onOpen).not.toHaveBeenCalled();
  });
});
