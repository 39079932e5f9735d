import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { accountRecord, AUTH, renderAppAt, resetAppHarness, sessionOf } from '@/test/app-harness';

const LISTS = '/api/campaign/v1/assets/static-list';
const LIST_ID = '5a000000-0000-4000-8000-000000000001';
const admin = accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN');

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const members = (records: unknown[]) => ({
  body: {
    records,
    page_number: 1,
    page_size: 10,
    page_count: records.length ? 1 : 0,
    total_count: records.length,
    total_capped: false,
  },
});

describe('the static list page (spec 2)', () => {
  it("offers to try again when the list's contacts could not be read, instead of calling the list empty", async () => {
    const api = stubApi({
      [`${AUTH}/accounts/token.verify`]: { body: sessionOf(admin) },
      [`${LISTS}/list.get`]: {
        body: {
          static_list: {
            static_list_id: LIST_ID,
            name: 'Webinar guests',
            num_records: 0,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
            created_by: null,
            updated_by: null,
          },
        },
      },
      [`${LISTS}/contacts.list`]: [errorBody(500, 'INTERNAL_ERROR', null), members([])],
    });
    renderAppAt(`/lists/static-list/${LIST_ID}`);
    expect(await screen.findByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No contacts in this list')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No contacts in this list')).toBeTruthy();
    expect(api.callsTo(`${LISTS}/contacts.list`)).toHaveLength(2);
  });
});
