import { personListContract } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { personListAddress } from './contact-addresses';
import { contactListRequest } from './get-contacts';

describe('the contacts list endpoint address', () => {
  it('matches its contract', () => {
    expect(personListAddress).toEqual({
      method: personListContract.method,
      fullPath: personListContract.fullPath,
      access: personListContract.access,
    });
  });

  it.each([
    { page_number: 1 },
    { page_number: 3, keyword: '  ada ' },
    { page_number: 1, keyword: '   ' },
    { page_number: 2, start_date: '2026-01-01', end_date: '2026-02-01' },
  ])('sends %j as the contract parses it', (query) => {
    // Sent without parsing: the request must already be what the schema would make of it.
    const request = contactListRequest(query);
    expect(personListContract.request.parse(request)).toEqual(JSON.parse(JSON.stringify(request)) as unknown);
  });
});
