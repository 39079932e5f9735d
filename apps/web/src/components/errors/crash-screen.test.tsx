import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('the crash screen', () => {
  it('shows the error with its call stack folded away, and Back reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    // Its code loads when the crash happens.
    expect(
      await screen.findByRole('heading', { name: 'There was an error processing your request' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Error: render failed/ }));
    expect(screen.getByTestId('crash-stack').textContent).toContain('render failed');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
