import { modals } from '@mantine/modals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../provider';
import { createQueryClient } from '../query-client';
import { DeferredConfirmDialogs } from './deferred-confirm-dialogs';

function renderFrame() {
  return render(
    <AppProvider queryClient={createQueryClient(() => undefined)} env="test">
      <p>Screen</p>
      <DeferredConfirmDialogs />
    </AppProvider>,
  );
}

describe('the confirm dialogs of the signed-in frame', () => {
  it('are not part of a screen that opens none', () => {
    renderFrame();
    expect(screen.getByText('Screen')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('load with the first one opened, which shows and confirms, and open the next at once', async () => {
    renderFrame();
    const onConfirm = vi.fn();
    modals.openConfirmModal({ title: 'Remove webhook', children: 'Sure?', onConfirm });
    const dialog = await screen.findByRole('dialog', { name: 'Remove webhook' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialog.isConnected).toBe(false));

    modals.openConfirmModal({ title: 'Remove token', children: 'Sure?' });
    expect(await screen.findByRole('dialog', { name: 'Remove token' })).toBeTruthy();
    modals.closeAll();
  });
});
