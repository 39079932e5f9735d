import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT } from '@/lib/notify';
import { DIALOG_LOAD_FAILED, lazyDialog } from './lazy-dialog';

function Loaded({ opened }: { opened: boolean; onClose: () => void }) {
  return opened ? <div role="dialog" aria-label="Loaded dialog" /> : null;
}

function renderWith(load: () => Promise<typeof Loaded>) {
  const Dialog = lazyDialog(load);
  let open: () => void = () => undefined;
  function Screen() {
    const [opened, setOpened] = useState(false);
    open = () => setOpened(true);
    return (
      <>
        <span data-testid="state">{opened ? 'open' : 'closed'}</span>
        <Dialog opened={opened} onClose={() => setOpened(false)} />
      </>
    );
  }
  render(
    <MantineProvider env="test">
      {/* The app's limit: the notifications store is shared by the test files of a worker. */}
      <Notifications limit={TOAST_LIMIT} />
      <Screen />
    </MantineProvider>,
  );
  return { Dialog, open: () => act(() => open()) };
}

describe('a dialog loaded on first open', () => {
  it('loads nothing and renders nothing until it opens', async () => {
    const load = vi.fn(async () => Loaded);
    const { open } = renderWith(load);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    expect(await screen.findByRole('dialog', { name: 'Loaded dialog' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('first renders the loaded dialog closed, then open, so it notes what had the focus as it opens', async () => {
    const seen: boolean[] = [];
    function Recording(props: { opened: boolean; onClose: () => void }) {
      seen.push(props.opened);
      return <Loaded {...props} />;
    }
    const { open } = renderWith(async () => Recording);
    open();
    expect(await screen.findByRole('dialog', { name: 'Loaded dialog' })).toBeTruthy();
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });

  it('closes with a toast when its code does not arrive, and asks again on the next open', async () => {
    const load = vi
      .fn<() => Promise<typeof Loaded>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Loaded);
    const { open } = renderWith(load);
    open();
    expect(await screen.findByText(DIALOG_LOAD_FAILED)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    expect(await screen.findByRole('dialog', { name: 'Loaded dialog' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed preload', async () => {
    const load = vi
      .fn<() => Promise<typeof Loaded>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Loaded);
    const { Dialog, open } = renderWith(load);
    await act(async () => {
      Dialog.preload();
      await Promise.resolve();
    });
    open();
    expect(await screen.findByRole('dialog', { name: 'Loaded dialog' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
