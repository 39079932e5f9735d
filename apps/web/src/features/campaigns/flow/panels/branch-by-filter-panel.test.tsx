import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BranchByFilterPanel } from './branch-by-filter-panel';
import { choose, renderPanel } from './panel-harness';

afterEach(() => vi.unstubAllGlobals());

const condition = (sequence_number: number, filter: string, operator: string, value: unknown[]) => ({
  sequence_number,
  condition: { type: 'filter', filter_type: 'person', filter, operator, value },
});
const stored = {
  primary_branch_id: 'yes',
  default_branch_id: 'no',
  condition: {
    conditions: [
      condition(1, 'first_name', 'equals', ['Ada']),
      condition(2, 'score', 'greater_than', [10]),
      condition(3, 'vip', 'is_true', []),
    ],
  },
};
const render = (setup: Parameters<typeof renderPanel>[2] = {}) =>
  renderPanel(BranchByFilterPanel, 'branch_by_filter', setup);
const rows = () => screen.getAllByRole('listitem');
const editor = (index: number) => screen.getByRole('group', { name: `Condition ${index}` });
const conditionsOf = (options: Record<string, unknown>) =>
  (options.condition as { conditions: { sequence_number: number; condition: { filter: string } }[] })
    .conditions;

describe(BranchByFilterPanel.name, () => {
  it('lists each stored condition in a line and edits the selected one below', async () => {
    render({ options: stored });
    await waitFor(() => expect(rows()[0]!.textContent).toContain('First Name is Ada'));
    expect(rows().map((row) => row.textContent)).toEqual([
      '1.First Name is Ada',
      '2.Score greater than 10',
      '3.VIP is true',
    ]);
    expect(await within(editor(1)).findByDisplayValue('First Name')).toBeTruthy();
    expect(within(editor(1)).getByDisplayValue('Is')).toBeTruthy();
    expect(within(editor(1)).getByDisplayValue('Ada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Edit Condition 3/ }));
    expect(within(editor(3)).getByDisplayValue('Is true')).toBeTruthy();
    // A zero-argument operator has nothing to type.
    expect(within(editor(3)).queryByLabelText('Value')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Condition 1' })).toBeNull();
  });

  it('marks conditions whose messages show in the list', async () => {
    render({
      options: {
        ...stored,
        condition: { conditions: [...stored.condition.conditions, condition(4, 'email', 'equals', [])] },
      },
      showErrors: true,
    });
    await waitFor(() => expect(rows()[3]!.textContent).toContain('Email is'));
    expect(
      screen.getByRole('button', { name: /^Edit Condition 4/ }).querySelector('.tabler-icon-alert-circle'),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /^Edit Condition 1/ }).querySelector('.tabler-icon-alert-circle'),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Edit Condition 4/ }));
    expect(within(editor(4)).getByText('value cannot be empty')).toBeTruthy();
  });

  it("says 'Add condition for branching' while there are none, in red once errors show", async () => {
    render({ options: { primary_branch_id: 'yes', default_branch_id: 'no', condition: { conditions: [] } } });
    expect(screen.getByText('Add condition for branching').getAttribute('role')).toBeNull();
    vi.unstubAllGlobals();
    render({ options: {}, showErrors: true });
    expect((await screen.findAllByRole('alert')).map((node) => node.textContent)).toContain(
      'Add condition for branching',
    );
  });

  it('adds a condition on a person field and saves the spec shape, keeping the branch ids', async () => {
    const { last } = render({ options: { primary_branch_id: 'yes', default_branch_id: 'no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    await choose('Field', 'Score', editor(1));
    // The field's type picks the operators; the first is preselected.
    expect(within(editor(1)).getByDisplayValue('Is')).toBeTruthy();
    fireEvent.change(within(editor(1)).getByRole('textbox', { name: 'Value' }), { target: { value: '42' } });
    expect(last()).toEqual({
      primary_branch_id: 'yes',
      default_branch_id: 'no',
      condition: { conditions: [condition(1, 'score', 'equals', [42])] },
    });
  });

  it('mints branch ids when the step has none', async () => {
    const { last } = render({ options: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    await waitFor(() => expect(last()).toBeTruthy());
    const options = last();
    expect(options.primary_branch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(options.default_branch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(options.primary_branch_id).not.toEqual(options.default_branch_id);
  });

  it("shows 'value cannot be empty' after the value is left empty, or at once when errors show", async () => {
    const empty = {
      ...stored,
      condition: { conditions: [condition(1, 'first_name', 'equals', [])] },
    };
    render({ options: empty });
    const value = await within(editor(1)).findByRole('textbox', { name: 'Value' });
    expect(screen.queryByText('value cannot be empty')).toBeNull();
    fireEvent.blur(value);
    expect(await screen.findByText('value cannot be empty')).toBeTruthy();
    fireEvent.change(value, { target: { value: 'Grace' } });
    expect(screen.queryByText('value cannot be empty')).toBeNull();

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    render({ options: empty, showErrors: true });
    expect(await screen.findByText('value cannot be empty')).toBeTruthy();
  });

  it('a field of another type resets the operator and value', async () => {
    const { last } = render({ options: stored });
    await within(editor(1)).findByDisplayValue('First Name');
    await choose('Field', 'Renewal', editor(1));
    expect(conditionsOf(last())[0]).toEqual(condition(1, 'renewal', 'before', []));
  });

  it('moves a condition by keyboard and renumbers from 1, keeping focus on the moved row', async () => {
    const { last } = render({ options: stored });
    const up = within(rows()[2]!).getByRole('button', { name: 'Move Condition 3 up' });
    up.focus();
    fireEvent.click(up);
    expect(conditionsOf(last()).map((item) => [item.sequence_number, item.condition.filter])).toEqual([
      [1, 'first_name'],
      [2, 'vip'],
      [3, 'score'],
    ]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Condition 2 up' })),
    );
    expect(screen.getByRole('status').textContent).toBe('Condition 3 moved to position 2 of 3');
    // Condition 1 was selected and still is.
    expect(within(editor(1)).getByDisplayValue('Ada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move Condition 1 down' }));
    expect(conditionsOf(last()).map((item) => item.condition.filter)).toEqual(['vip', 'first_name', 'score']);
    expect(screen.getByRole('button', { name: 'Move Condition 1 up' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves a condition by drag and drop and renumbers from 1', () => {
    const { last } = render({ options: stored });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const [first, , third] = rows();
    fireEvent.dragStart(third!, { dataTransfer });
    fireEvent.dragOver(first!, { dataTransfer });
    fireEvent.drop(first!, { dataTransfer });
    expect(conditionsOf(last()).map((item) => [item.sequence_number, item.condition.filter])).toEqual([
      [1, 'vip'],
      [2, 'first_name'],
      [3, 'score'],
    ]);
  });

  it('removes a condition and renumbers the rest from 1', () => {
    const { last } = render({ options: stored });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Condition 1' }));
    expect(conditionsOf(last()).map((item) => [item.sequence_number, item.condition.filter])).toEqual([
      [1, 'score'],
      [2, 'vip'],
    ]);
  });

  it('offers no edits when the campaign is read-only', async () => {
    render({ options: stored, readOnly: true });
    await within(editor(1)).findByDisplayValue('First Name');
    expect(screen.queryByRole('button', { name: 'Add condition' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move|Remove/ })).toBeNull();
    expect(within(editor(1)).getByDisplayValue('Ada').hasAttribute('readonly')).toBe(true);
    expect(within(editor(1)).getByDisplayValue('First Name').hasAttribute('readonly')).toBe(true);
  });
});
