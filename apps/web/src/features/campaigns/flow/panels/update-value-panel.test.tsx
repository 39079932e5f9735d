import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choose, renderPanel } from './panel-harness';
import { UpdateValuePanel } from './update-value-panel';

afterEach(() => vi.unstubAllGlobals());

const render = (setup: Parameters<typeof renderPanel>[2] = {}) =>
  renderPanel(UpdateValuePanel, 'update_value', setup);
const operation = (fields: Record<string, unknown>) => ({
  token: null,
  operator: 'set_value',
  value: [],
  object_type: 'person',
  filter_type: 'person',
  ...fields,
});
const stored = {
  operations: [
    {
      sequence_number: 1,
      operation: operation({ filter: 'first_name', type: 'custom_value', value: ['Ada'] }),
    },
    {
      sequence_number: 2,
      operation: operation({ filter: 'score', type: 'formula', operator: 'add', value: [5] }),
    },
    { sequence_number: 3, operation: operation({ filter: 'vip', type: 'token', token: 'paying' }) },
  ],
};
const modal = () => screen.getByRole('dialog');
const openAdd = async () => {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Add update' }).hasAttribute('disabled')).toBe(false),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add update' }));
  return modal();
};
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
const submit = () => fireEvent.click(within(modal()).getByRole('button', { name: 'Add update' }));

describe(UpdateValuePanel.name, () => {
  it('lists the stored updates in order with what each does', async () => {
    render({ options: stored });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Set to Ada'),
      expect.stringContaining('Add 5'),
      expect.stringContaining('Set from token paying'),
    ]);
    expect(await within(items[1]!).findByText('2. Score')).toBeTruthy();
  });

  it("says 'Updation operations are required' when there are none and errors show", () => {
    render({ options: { operations: [] }, showErrors: true });
    expect(screen.getByRole('alert').textContent).toBe('Updation operations are required');
  });

  it('offers only updatable fields that no other update uses', async () => {
    render({ options: stored });
    await openAdd();
    fireEvent.click(within(modal()).getByLabelText('Field', { selector: 'input' }));
    const offered = optionNames();
    expect(offered).toEqual(expect.arrayContaining(['Email', 'Revenue', 'Renewal']));
    // Org ID is read-only; First Name, Score and VIP are updated already.
    for (const name of ['Org ID', 'First Name', 'Score', 'VIP']) expect(offered).not.toContain(name);
  });

  it("asks for a field and an action ('Field is required', 'Action is required')", async () => {
    render();
    await openAdd();
    submit();
    expect(within(modal()).getByText('Field is required')).toBeTruthy();
    expect(within(modal()).getByText('Action is required')).toBeTruthy();
  });

  it('offers the formula for numeric fields only', async () => {
    render();
    await openAdd();
    await choose('Field', 'First Name', modal());
    fireEvent.click(within(modal()).getByLabelText('Action', { selector: 'input' }));
    expect(optionNames()).toEqual(['Set from a token', 'Set a custom value']);
    fireEvent.click(screen.getByRole('option', { name: 'Set a custom value' }));
    await choose('Field', 'Score', modal());
    fireEvent.click(within(modal()).getByLabelText('Action', { selector: 'input' }));
    expect(optionNames()).toEqual(['Set from a token', 'Apply a formula', 'Set a custom value']);
  });

  it("offers the tokens whose values the field can hold: any single value for text, the field's own kind otherwise", async () => {
    render();
    await openAdd();
    await choose('Field', 'First Name', modal());
    await choose('Action', 'Set from a token', modal());
    fireEvent.click(within(modal()).getByLabelText('Token', { selector: 'input' }));
    expect(optionNames()).toEqual([
      'plan (string)',
      'seats (number)',
      'trial_end (datetime)',
      'paying (boolean)',
    ]);
    await choose('Field', 'Score', modal());
    await choose('Action', 'Set from a token', modal());
    fireEvent.click(within(modal()).getByLabelText('Token', { selector: 'input' }));
    expect(optionNames()).toEqual(['seats (number)']);
  });

  it("sets a field from a token ('Valid token is required' until one is picked)", async () => {
    const { last } = render();
    await openAdd();
    await choose('Field', 'Score', modal());
    await choose('Action', 'Set from a token', modal());
    submit();
    expect(within(modal()).getByText('Valid token is required')).toBeTruthy();
    await choose('Token', 'seats (number)', modal());
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(last()).toEqual({
      operations: [
        { sequence_number: 1, operation: operation({ filter: 'score', type: 'token', token: 'seats' }) },
      ],
    });
  });

  it("needs a number of at least 1 to divide by, and 0 otherwise ('Enter a valid number')", async () => {
    const { last } = render();
    await openAdd();
    await choose('Field', 'Revenue', modal());
    await choose('Action', 'Apply a formula', modal());
    submit();
    expect(within(modal()).getByText('Action is required')).toBeTruthy();
    await choose('Operation', 'Divide by', modal());
    expect(within(modal()).getByText('Enter a valid number')).toBeTruthy();
    const number = within(modal()).getByLabelText('Number', { selector: 'input' });
    fireEvent.change(number, { target: { value: '0' } });
    submit();
    expect(within(modal()).getByText('Enter a valid number')).toBeTruthy();
    await choose('Operation', 'Subtract', modal());
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(last()).toEqual({
      operations: [
        {
          sequence_number: 1,
          operation: operation({ filter: 'revenue', type: 'formula', operator: 'subtract', value: [0] }),
        },
      ],
    });
  });

  it("says 'Value is not valid' for an empty custom value", async () => {
    render();
    await openAdd();
    await choose('Field', 'First Name', modal());
    await choose('Action', 'Set a custom value', modal());
    submit();
    expect(within(modal()).getByText('Value is not valid')).toBeTruthy();
  });

  it('keeps mode and value for a field of the same type, and resets them for another type', async () => {
    render();
    await openAdd();
    await choose('Field', 'First Name', modal());
    await choose('Action', 'Set a custom value', modal());
    fireEvent.change(within(modal()).getByLabelText('Value', { selector: 'input' }), {
      target: { value: 'Ada' },
    });
    await choose('Field', 'Email', modal());
    expect(within(modal()).getByDisplayValue('Set a custom value')).toBeTruthy();
    expect(within(modal()).getByDisplayValue('Ada')).toBeTruthy();
    await choose('Field', 'Score', modal());
    const action = within(modal()).getByLabelText('Action', { selector: 'input' }) as HTMLInputElement;
    expect(action.value).toBe('');
    expect(within(modal()).queryByLabelText('Value')).toBeNull();
  });

  it('edits an update in place and renumbers after a removal', async () => {
    const { last } = render({ options: stored });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Update 2' }));
    expect(within(modal()).getByDisplayValue('Score')).toBeTruthy();
    fireEvent.change(within(modal()).getByLabelText('Number', { selector: 'input' }), {
      target: { value: '7' },
    });
    fireEvent.click(within(modal()).getByRole('button', { name: 'Save update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Update 1' }));
    expect(last()).toEqual({
      operations: [
        {
          sequence_number: 1,
          operation: operation({ filter: 'score', type: 'formula', operator: 'add', value: [7] }),
        },
        { sequence_number: 2, operation: operation({ filter: 'vip', type: 'token', token: 'paying' }) },
      ],
    });
  });

  it('only shows the updates when the campaign is read-only', async () => {
    render({ options: stored, readOnly: true });
    expect(await screen.findByText('2. Score')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add update|Edit|Remove/ })).toBeNull();
  });
});
