import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAppHarness } from '@/test/app-harness';
import type { SavedTokenOption } from '../api/saved-tokens';
import { TokenPickerModal } from './token-picker-modal';

afterEach(resetAppHarness);

const tokens: SavedTokenOption[] = [
  { name: 'account_owner', return_type: 'string' },
  { name: 'open_invoices', return_type: 'number' },
];

function renderPicker(list: SavedTokenOption[]) {
  const onPick = vi.fn<(token: SavedTokenOption) => void>();
  render(
    <MantineProvider env="test">
      <TokenPickerModal opened tokens={list} loading={false} onClose={() => undefined} onPick={onPick} />
    </MantineProvider>,
  );
  return onPick;
}

describe(TokenPickerModal.name, () => {
  it('lists the saved tokens with their types', () => {
    renderPicker(tokens);
    expect(screen.getByRole('option', { name: /account_owner/ }).textContent).toContain('string');
    expect(screen.getByRole('option', { name: /open_invoices/ }).textContent).toContain('number');
  });

  it('narrows the list with the search and says when nothing matches', () => {
    renderPicker(tokens);
    const search = screen.getByPlaceholderText('Search token');
    fireEvent.change(search, { target: { value: 'INVOICE' } });
    expect(screen.queryByRole('option', { name: /account_owner/ })).toBeNull();
    expect(screen.getByRole('option', { name: /open_invoices/ })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nothing-like-this' } });
    expect(screen.getByText('No tokens available')).toBeTruthy();
  });

  it('says no tokens are available when the organisation has none', () => {
    renderPicker([]);
    expect(screen.getByText('No tokens available')).toBeTruthy();
  });

  it('hands the chosen token back', () => {
    const onPick = renderPicker(tokens);
    fireEvent.click(screen.getByRole('option', { name: /open_invoices/ }));
    expect(onPick).toHaveBeenCalledWith(tokens[1]);
  });
});
