import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderInApp } from '@/test/render-in-app';
import { RecordUnavailable } from './record-unavailable';

const failure = (status: number | null) =>
  new ApiError({
    kind: status === null ? 'network' : 'http',
    method: 'POST',
    url: '/x',
    status,
    body: null,
    signedInCall: true,
    selfHandled: false,
  });

const renderFor = (error: unknown) => {
  const onRetry = vi.fn();
  renderInApp(
    <RecordUnavailable
      what="email"
      error={error}
      onRetry={onRetry}
      back={{ to: '/templates', label: 'Back' }}
    />,
  );
  return onRetry;
};

describe(RecordUnavailable.name, () => {
  it('says a record that is not there is not available, with no retry', () => {
    renderFor(failure(404));
    expect(screen.getByText('This email is not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says a read that failed could not be loaded, and tries again on request', () => {
    for (const status of [500, null]) {
      const onRetry = renderFor(failure(status));
      expect(screen.getByText('This email could not be loaded')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(onRetry).toHaveBeenCalledOnce();
      cleanup();
    }
  });
});
