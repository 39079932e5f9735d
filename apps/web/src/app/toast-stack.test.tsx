import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { showErrorToast } from '@/lib/notify';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';

function renderProvider() {
  return render(
    <AppProvider queryClient={createQueryClient(() => undefined)} env="test">
      <p>Page</p>
    </AppProvider>,
  );
}

// The store is shared by a worker's test files: start and end every test with no toast in it.
const cleanToasts = () => {
  notifications.clean();
  notifications.cleanQueue();
};
beforeEach(cleanToasts);
afterEach(cleanToasts);

describe('the toast stack', () => {
  it('is not part of a page that shows no toast', () => {
    const { container } = renderProvider();
    expect(screen.getByText('Page')).toBeTruthy();
    // Mantine's stack renders one container per position as soon as it is mounted.
    expect(container.querySelector('[data-position]')).toBeNull();
  });

  it('loads with the first toast and keeps the limit of 2 for toasts raised before it arrived', async () => {
    renderProvider();
    // Toasts that stay: on a loaded machine the stack's chunk may take longer than the 3 s an
    // auto-closing toast lives, and the third would then rightly take the first one's place.
    act(() => {
      showErrorToast('First failure', { autoClose: false });
      showErrorToast('Second failure', { autoClose: false });
      showErrorToast('Third failure', { autoClose: false });
    });
    expect(await screen.findByText('First failure')).toBeTruthy();
    expect(screen.getByText('Second failure')).toBeTruthy();
    expect(screen.queryByText('Third failure')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });
});
