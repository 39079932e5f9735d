import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { CreateContactModal } from './create-contact-modal';

function renderModal() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <CreateContactModal opened onClose={vi.fn()} />
        </MantineProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('textbox', { name: 'Email' });
}

describe(CreateContactModal.name, () => {
  it("says 'Valid email is required' when the email field loses focus, before any submit", async () => {
    const email = renderModal();
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(screen.queryByText('Valid email is required')).toBeNull();
    fireEvent.blur(email);
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
  });

  it('clears the message once the email is valid', async () => {
    const email = renderModal();
    fireEvent.blur(email);
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'jamie@example.com' } });
    fireEvent.blur(email);
    expect(screen.queryByText('Valid email is required')).toBeNull();
  });
});
