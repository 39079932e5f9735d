import {
  salesforceErrorClassOf,
  salesforceErrorClasses,
  salesforceErrorsListContract,
  salesforceErrorClassQueryContract,
  salesforceErrorArchiveContract,
  salesforceHealthMessages,
  SALESFORCE_AFFECTED_RECORDS_PAGE_SIZE,
  SALESFORCE_ERROR_PAGE_SIZE,
} from './salesforce-health.contract';

describe('salesforce health contract', () => {
  it('maps field access codes with a field to field_permission and everything else to others', () => {
    expect(salesforceErrorClassOf('INVALID_FIELD_FOR_INSERT_UPDATE', ['Title'])).toBe('field_permission');
    expect(salesforceErrorClassOf('INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY', ['OwnerId'])).toBe(
      'field_permission',
    );
    expect(salesforceErrorClassOf('INVALID_FIELD', [])).toBe('others');
    expect(salesforceErrorClassOf('FIELD_CUSTOM_VALIDATION_EXCEPTION', ['Title'])).toBe('others');
    expect(salesforceErrorClassOf('UNABLE_TO_LOCK_ROW')).toBe('others');
  });

  it('carries the spec texts of the two classes', () => {
    expect(salesforceErrorClasses.map((c) => c.display)).toEqual(['Others', 'Salesforce field permission']);
    expect(salesforceErrorClasses[0].description).toBe("records aren't syncing because of an unknown error");
  });

  it('defaults to every class, 10 errors and 5 affected records per page', () => {
    const list = salesforceErrorsListContract.request.parse({ connection_id: 'c1' });
    expect(list).toMatchObject({ error_type: 'all', page_size: SALESFORCE_ERROR_PAGE_SIZE, page_number: 1 });
    const query = salesforceErrorClassQueryContract.request.parse({
      connection_id: 'c1',
      error_class: 'others',
    });
    expect(query.page_size).toBe(SALESFORCE_AFFECTED_RECORDS_PAGE_SIZE);
  });

  it('refuses an unknown class, an empty selection and an inverted window with our texts', () => {
    const bad = salesforceErrorsListContract.request.safeParse({
      connection_id: 'c1',
      error_type: 'validation',
    });
    expect(bad.error?.issues[0]?.message).toBe(salesforceHealthMessages.errorClassInvalid);
    const none = salesforceErrorArchiveContract.request.safeParse({ connection_id: 'c1', error_names: [] });
    expect(none.error?.issues[0]?.message).toBe(salesforceHealthMessages.errorNamesRequired);
    const inverted = salesforceErrorArchiveContract.request.safeParse({
      connection_id: 'c1',
      error_names: ['others'],
      start_time: '2026-01-02T00:00',
      end_time: '2026-01-01T00:00:00Z',
    });
    expect(inverted.error?.issues[0]?.message).toBe(salesforceHealthMessages.rangeInvalid);
  });
});
