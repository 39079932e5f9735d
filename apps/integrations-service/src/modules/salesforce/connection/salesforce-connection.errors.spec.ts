import { SalesforceNotLoggedInError } from '../session/salesforce-sessions';
import { isLoginRefused, salesforceErrorCode, salesforceMessage } from './salesforce-connection.errors';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('Salesforce connection errors', () => {
  it('treats a refused or missing login as one that must be made again', () => {
    expect(isLoginRefused(new SalesforceNotLoggedInError())).toBe(true);
    expect(isLoginRefused(named('invalid_grant', 'expired access/refresh token'))).toBe(true);
    expect(isLoginRefused(new Error('Unable to refresh session due to: expired access/refresh token'))).toBe(
      true,
    );
  });

  it('does not forget a login because Salesforce could not be reached or failed otherwise', () => {
    expect(isLoginRefused(new Error('Unable to refresh session due to: fetch failed'))).toBe(false);
    expect(isLoginRefused(new Error('Unable to refresh session due to: connect ECONNREFUSED'))).toBe(false);
    expect(isLoginRefused(named('REQUEST_LIMIT_EXCEEDED'))).toBe(false);
  });

  it("reads jsforce's error code and keeps Salesforce's message to one line", () => {
    expect(salesforceErrorCode(Object.assign(new Error('m'), { errorCode: 'NOT_FOUND' }))).toBe('NOT_FOUND');
    expect(salesforceErrorCode(new Error('plain'))).toBeNull();
    expect(salesforceMessage(new Error('first line\nsecond line'))).toBe('first line');
    expect(salesforceMessage(new Error(''))).toBe('Salesforce refused the request');
  });
});
