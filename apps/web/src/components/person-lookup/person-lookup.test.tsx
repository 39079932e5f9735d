import { MantineProvider } from '@mantine/core';
import type { PersonLookupRow } from '@meridian/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { resetAppHarness } from '@/test/app-harness';
import { PersonLookupField } from './person-lookup';
import type { PersonSelection } from './use-person-lookup';

afterEach(resetAppHarness);

const CAMPAIGN = '/api/campaign/v1';
const ada: PersonLookupRow = {
  id: 'p-1',
  email: 'ada@acme.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  org_id: null,
  product_user_id: null,
  campaign_context: 'person',
};
const adaAtOrg: PersonLookupRow = {
  ...ada,
  id: 'pp-1',
  org_id: 'org-9',
  product_user_id: 'u-7',
  campaign_context: 'org',
};
const settings = (mapping: string) => ({ body: { settings: { person_org_mapping: mapping, email: null } } });

function renderField() {
  const onChange = vi.fn<(selection: PersonSelection | null) => void>();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <PersonLookupField onChange={onChange} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const type = (value: string) =>
    fireEvent.change(screen.getByLabelText('Receive as'), { target: { value } });
  return { onChange, type };
}

describe(PersonLookupField.name, () => {
  it('asks for a valid email once typing pauses, without calling the server', async () => {
    const api = stubApi({ [`${CAMPAIGN}/settings/get`]: settings('one_to_none') });
    const { type, onChange } = renderField();
    type('not-an-email');
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    expect(api.callsTo(`${CAMPAIGN}/person.lookup`)).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ person: expect.anything() }));
  });

  it('reports the found person, and nobody when the email matches no contact', async () => {
    const api = stubApi({
      [`${CAMPAIGN}/settings/get`]: settings('one_to_none'),
      [`${CAMPAIGN}/person.lookup`]: [{ body: { rows: [ada] } }, { body: { rows: [] } }],
    });
    const { type, onChange } = renderField();
    type('Ada@Acme.com ');
    expect(await screen.findByText('Ada Lovelace (ada@acme.com)')).toBeTruthy();
    expect(api.callsTo(`${CAMPAIGN}/person.lookup`)[0]?.body).toEqual({
      email: 'ada@acme.com',
      campaign_context: 'person',
    });
    expect(onChange).toHaveBeenLastCalledWith({
      person: ada,
      campaign_context: 'person',
      ref: { id: 'p-1', email: 'ada@acme.com', org_id: null, product_user_id: null },
    });
    expect(screen.queryByLabelText('Receive as a org-user')).toBeNull();

    type('nobody@acme.com');
    expect(await screen.findByText('No contact with this email was found')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('offers the org users where the mapping allows, and needs one chosen', async () => {
    stubApi({
      [`${CAMPAIGN}/settings/get`]: settings('one_to_one'),
      // The person lookup goes out first, the org lookup second.
      [`${CAMPAIGN}/person.lookup`]: [{ body: { rows: [ada] } }, { body: { rows: [adaAtOrg] } }],
    });
    const { type, onChange } = renderField();
    type('ada@acme.com');
    fireEvent.click(await screen.findByLabelText('Receive as a org-user'));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Select an org user')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Org user' }));
    fireEvent.click(await screen.findByRole('option', { name: 'org-9 · u-7' }));
    expect(onChange).toHaveBeenLastCalledWith({
      person: ada,
      campaign_context: 'org',
      ref: { id: 'p-1', email: 'ada@acme.com', org_id: 'org-9', product_user_id: 'u-7' },
    });
  });
});
