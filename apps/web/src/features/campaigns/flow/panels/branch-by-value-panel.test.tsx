import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BranchByValuePanel } from './branch-by-value-panel';
import { errorBody } from '@/test/api-stub';
import { personColumns } from './panel-fixtures';
import { choose, COLUMNS, renderPanel } from './panel-harness';

afterEach(() => vi.unstubAllGlobals());

const render = (setup: Parameters<typeof renderPanel>[2] = {}) =>
  renderPanel(BranchByValuePanel, 'branch_by_value', setup);

describe(BranchByValuePanel.name, () => {
  it("says 'Option can't be empty' once the column is left empty", async () => {
    render({ options: { filter: '', default_branch_id: 'rest', conditions: [] } });
    const column = screen.getByLabelText('Column', { selector: 'input' });
    expect(screen.queryByText("Option can't be empty")).toBeNull();
    expect(screen.getByText('Select a column to add conditions.')).toBeTruthy();
    fireEvent.blur(column);
    expect(await screen.findByText("Option can't be empty")).toBeTruthy();
  });

  it('saves the column, its filter type and one branch per condition', async () => {
    const { last } = render({ options: { filter: '', default_branch_id: 'rest', conditions: [] } });
    await choose('Column', 'Revenue');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = screen.getByRole('group', { name: 'Branch 1' });
    await choose('Operator', 'Between', row);
    fireEvent.change(within(row).getByLabelText('From', { selector: 'input' }), { target: { value: '10' } });
    fireEvent.change(within(row).getByLabelText('To', { selector: 'input' }), { target: { value: '99.5' } });
    const options = last();
    expect(options).toMatchObject({ filter: 'revenue', filter_type: 'person', default_branch_id: 'rest' });
    expect(options.conditions).toEqual([
      {
        branch_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        condition: { operator: 'between', value: [10, 99.5] },
      },
    ]);
  });

  it('removes a branch condition', async () => {
    const { last } = render({
      options: {
        filter: 'first_name',
        default_branch_id: 'rest',
        conditions: [
          { branch_id: 'a', condition: { operator: 'equals', value: ['Ada'] } },
          { branch_id: 'b', condition: { operator: 'equals', value: ['Grace'] } },
        ],
      },
    });
    await screen.findByDisplayValue('First Name');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Branch 1' }));
    expect(last().conditions).toEqual([
      { branch_id: 'b', condition: { operator: 'equals', value: ['Grace'] } },
    ]);
  });

  it('says when the fields could not be loaded and loads them again on Retry', async () => {
    const { api } = render({
      options: { filter: '', default_branch_id: 'rest', conditions: [] },
      answers: {
        [COLUMNS]: [
          errorBody(503, 'ServiceUnavailableException', 'Try again later'),
          { body: { columns: personColumns, person_org_mapping: 'one_to_one' } },
        ],
      },
    });
    expect(await screen.findByText('Could not load person fields')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await choose('Column', 'Revenue');
    expect(screen.queryByText('Could not load person fields')).toBeNull();
    expect(api.callsTo(COLUMNS)).toHaveLength(2);
  });
});
