import { MantineProvider } from '@mantine/core';
import type { ImportPreview as Preview } from '@meridian/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportPreview } from './import-preview';

const preview = (overrides: Partial<Preview> = {}): Preview => ({
  total_contacts: 5,
  new_contacts: 3,
  error_contacts: 0,
  duplicate_contacts: 0,
  total_entries_to_be_created: 3,
  total_entries_to_be_updated: 2,
  status: 'SUCCESS',
  message: 'Data verified successfully',
  error_report: null,
  duplicate_report: null,
  ...overrides,
});

function renderPreview(data: Preview, onImport = vi.fn()) {
  render(
    <MantineProvider env="test">
      <ImportPreview
        filepath="f.csv"
        preview={data}
        importing={false}
        onCancel={vi.fn()}
        onImport={onImport}
      />
    </MantineProvider>,
  );
  return onImport;
}

const importButton = () => screen.getByRole('button', { name: 'Import' });
const option = (name: string) => screen.getByRole('switch', { name: new RegExp(name) });

describe(ImportPreview.name, () => {
  it('disables the import while the file has errors', () => {
    renderPreview(
      preview({ error_contacts: 2, status: 'ERROR', message: 'Data contains errors', error_report: '/r' }),
    );
    expect(screen.getByText('Data contains errors')).toBeTruthy();
    expect(screen.getByText('Download error report')).toBeTruthy();
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('turns data update on when there are entries to update and sends the chosen options', () => {
    const onImport = renderPreview(preview());
    expect((option('Enable data update') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(option('Overwrite with new values'));
    fireEvent.click(importButton());
    expect(onImport).toHaveBeenCalledWith({
      enable_update: true,
      overwrite_values: true,
      ignore_blank: false,
    });
  });

  it('blocks an update-only file once data update is turned off', () => {
    renderPreview(preview({ total_entries_to_be_created: 0, new_contacts: 0 }));
    expect((importButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(option('Enable data update'));
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
