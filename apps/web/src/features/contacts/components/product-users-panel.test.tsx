import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-token';
import { errorBody, stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { renderInApp } from '@/test/render-in-app';
import { ProductUsersPanel } from './product-users-panel';

const PRODUCT_USERS = '/api/campaign/v1/person.product-user.list';
const PERSON = '178a9d04-1c81-4fbb-9d7a-e02bd591e663';

beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-1'));
afterEach(resetAppHarness);

const page = (records: unknown[]) => ({
  body: {
    records,
    page_number: 1,
    page_size: 10,
    page_count: records.length ? 1 : 0,
    total_count: records.length,
  },
});

describe(ProductUsersPanel.name, () => {
  it('says when the contact uses the product in no organisation', async () => {
    stubApi({ [PRODUCT_USERS]: page([]) });
    renderInApp(<ProductUsersPanel contactId={PERSON} />);
    expect(await screen.findByText('No product user data')).toBeTruthy();
  });

  it('offers to try again when the product users could not be read, instead of calling them none', async () => {
    const api = stubApi({ [PRODUCT_USERS]: [errorBody(500, 'INTERNAL_ERROR', null), page([])] });
    renderInApp(<ProductUsersPanel contactId={PERSON} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.queryByText('No product user data')).toBeNull();
    expect(await screen.findByText('No product user data')).toBeTruthy();
    expect(api.callsTo(PRODUCT_USERS)).toHaveLength(2);
  });
});
