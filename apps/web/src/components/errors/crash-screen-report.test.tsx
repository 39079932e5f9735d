import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reportError } from '@/lib/error-reporting';
import { AppErrorBoundary } from './app-error-boundary';

vi.mock('@/lib/error-reporting', () => ({ reportError: vi.fn() }));

const failure = new Error('render failed');

function Broken(): never {
  throw failure;
}

describe('the crash screen', () => {
  it('hands the error it shows to the error reporting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'There was an error processing your request' }),
    ).toBeTruthy();
    expect(reportError).toHaveBeenCalledWith(failure);
  });
});
