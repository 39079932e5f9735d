import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BranchByTokenPanel } from './branch-by-token-panel';
import { choose, renderPanel } from './panel-harness';

afterEach(() => vi.unstubAllGlobals());

const render = (setup: Parameters<typeof renderPanel>[2] = {}) =>
  renderPanel(BranchByTokenPanel, 'branch_by_token', setup);
const branch = (index: number) => screen.getByRole('group', { name: `Branch ${index}` });
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
type Conditions = { branch_id: string; condition: { operator: string; value: unknown[] } }[];

describe(BranchByTokenPanel.name, () => {
  it('offers only string, number, datetime and boolean tokens', async () => {
    render();
    fireEvent.click(screen.getByLabelText('Token', { selector: 'input' }));
    await screen.findByRole('option', { name: /plan/ });
    const names = optionNames().join(' ');
    for (const name of ['plan', 'seats', 'trial_end', 'paying']) expect(names).toContain(name);
    expect(names).not.toContain('tags');
    expect(names).not.toContain('profile');
  });

  it('offers the operators of the token type, and each condition opens its own branch', async () => {
    const { last } = render({ options: { token: '', default_branch_id: 'rest', conditions: [] } });
    await choose('Token', 'seats number');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    fireEvent.click(within(branch(1)).getByLabelText('Operator', { selector: 'input' }));
    const operators = optionNames();
    expect(operators).toContain('Greater than');
    expect(operators).not.toContain('Contains');
    expect(operators.join(' ')).not.toMatch(/set.value/i);
    fireEvent.click(screen.getByRole('option', { name: 'Greater than' }));
    fireEvent.change(within(branch(1)).getByLabelText('Value', { selector: 'input' }), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const options = last();
    const conditions = options.conditions as Conditions;
    expect(options.token).toBe('seats');
    expect(options.default_branch_id).toBe('rest');
    expect(conditions[0]!.condition).toEqual({ operator: 'greater_than', value: [5] });
    expect(conditions[1]!.condition).toEqual({ operator: 'equals', value: [] });
    expect(new Set([conditions[0]!.branch_id, conditions[1]!.branch_id, 'rest']).size).toBe(3);
  });

  it('a boolean token compares without a value', async () => {
    render({ options: { token: '', default_branch_id: 'rest', conditions: [] } });
    await choose('Token', 'paying boolean');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    fireEvent.click(within(branch(1)).getByLabelText('Operator', { selector: 'input' }));
    expect(optionNames()).toEqual(['Is true', 'Is false', 'Is empty', 'Is not empty']);
    expect(within(branch(1)).queryByLabelText('Value')).toBeNull();
  });

  it("shows 'Option can't be empty', 'Add conditions for branching' and 'value cannot be empty'", async () => {
    render({ options: { default_branch_id: 'rest' }, showErrors: true });
    expect(await screen.findByText("Option can't be empty")).toBeTruthy();
    expect(screen.getByText('Add conditions for branching')).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    render({
      options: {
        token: 'plan',
        default_branch_id: 'rest',
        conditions: [{ branch_id: 'b1', condition: { operator: 'equals', value: [''] } }],
      },
      showErrors: true,
    });
    expect(await screen.findByText('value cannot be empty')).toBeTruthy();
    expect(screen.queryByText("Option can't be empty")).toBeNull();
  });

  it("says 'Option can't be empty' only once the token select was left empty", async () => {
    render({ options: { default_branch_id: 'rest' } });
    const token = screen.getByLabelText('Token', { selector: 'input' });
    expect(screen.queryByText("Option can't be empty")).toBeNull();
    fireEvent.blur(token);
    expect(await screen.findByText("Option can't be empty")).toBeTruthy();
  });

  it('a token of another type keeps the branches but clears their values', async () => {
    const { last } = render({
      options: {
        token: 'plan',
        default_branch_id: 'rest',
        conditions: [{ branch_id: 'b1', condition: { operator: 'contains', value: ['gold'] } }],
      },
    });
    await waitFor(() => expect(within(branch(1)).getByDisplayValue('Contains')).toBeTruthy());
    await choose('Token', 'seats number');
    expect(last().conditions).toEqual([{ branch_id: 'b1', condition: { operator: 'equals', value: [] } }]);
  });

  it('forgets what was touched when another step is shown', async () => {
    const { showStep } = render({ options: { default_branch_id: 'rest' } });
    fireEvent.blur(screen.getByLabelText('Token', { selector: 'input' }));
    expect(await screen.findByText("Option can't be empty")).toBeTruthy();
    showStep('step-2', { default_branch_id: 'other' });
    expect(screen.queryByText("Option can't be empty")).toBeNull();
  });
});
