import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { stubApi } from '@/test/api-stub';
import {
  accountPage as page,
  accountRecord as account,
  AUTH,
  renderAppAt as renderAt,
  resetAppHarness,
  sessionOf as session,
} from '@/test/app-harness';
import { isNavItemActive, settingsNav } from './nav-items';

const admin = account('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');
const SPEC_SETTINGS = [
  'Data connections',
  'Single sign-on',
  'Email settings',
  'Contact database',
  'User management',
];

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const menuItemTexts = () => screen.getAllByRole('menuitem').map((item) => item.textContent ?? '');

async function settingsMenuItems(): Promise<string[]> {
  fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  await screen.findByRole('menu');
  return menuItemTexts();
}

describe('the Settings menu', () => {
  it("lists spec section 2's entries, in order, and no Segment", async () => {
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin]),
    });
    renderAt('/users');
    expect(await settingsMenuItems()).toEqual(SPEC_SETTINGS);
  });

  it('adds the captured mails entry while the local mail capture answers', async () => {
    stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: session(admin) },
      [`${AUTH}/accounts/list`]: page([admin]),
      '/api/dev/mails': { body: { records: [], total_count: 0, page_count: 0 } },
    });
    renderAt('/users');
    await settingsMenuItems();
    // The entry joins once the capture has answered.
    await waitFor(() => expect(menuItemTexts()).toEqual([...SPEC_SETTINGS, 'Developer: captured mails']));
  });

  it('shows Data connections as active on the Segment page, which opens from there', () => {
    const active = settingsNav.filter((item) => isNavItemActive(item, '/segment'));
    expect(active.map((item) => item.label)).toEqual(['Data connections']);
  });
});
