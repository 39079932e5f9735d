import { deletedSoql, pullFields, pullSoql, pullWhere, soqlName } from './salesforce-soql';

describe('Salesforce pull SOQL', () => {
  const query = {
    object: 'lead' as const,
    mappedFields: ['Title', 'email', 'Rating__c'],
    selectiveField: null,
  };

  it('reads the base fields first, then each mapped field once (names compare without case)', () => {
    expect(pullFields(query.mappedFields)).toEqual([
      'Id',
      'Email',
      'FirstName',
      'LastName',
      'SystemModstamp',
      'Title',
      'Rating__c',
    ]);
  });

  it('starts from the beginning without a cursor, in SystemModstamp then Id order', () => {
    expect(pullSoql(query, { modstamp: null, id: null })).toBe(
      'SELECT Id, Email, FirstName, LastName, SystemModstamp, Title, Rating__c FROM Lead ORDER BY SystemModstamp, Id',
    );
  });

  it('goes past the cursor by stamp, then by Id among records of the same stamp', () => {
    expect(pullWhere(query, { modstamp: '2026-01-01T00:00:05.000+0000', id: '00Q8d00000AbCdEFAA' })).toBe(
      " WHERE (SystemModstamp > 2026-01-01T00:00:05.000Z OR (SystemModstamp = 2026-01-01T00:00:05.000Z AND Id > '00Q8d00000AbCdEFAA'))",
    );
  });

  it('adds the selective sync field as a boolean filter', () => {
    expect(
      pullSoql(
        { ...query, object: 'contact', selectiveField: 'Sync_Me__c' },
        { modstamp: '2026-01-01T00:00:00Z', id: null },
      ),
    ).toBe(
      'SELECT Id, Email, FirstName, LastName, SystemModstamp, Title, Rating__c FROM Contact' +
        ' WHERE SystemModstamp > 2026-01-01T00:00:00.000Z AND Sync_Me__c = true ORDER BY SystemModstamp, Id',
    );
  });

  it('refuses names and ids that are not Salesforce names (no injection through settings)', () => {
    expect(() => soqlName("Title' OR Id != '")).toThrow('Not a Salesforce field name');
    expect(() => pullWhere(query, { modstamp: '2026-01-01T00:00:00Z', id: "x' OR '1'='1" })).toThrow(
      'Not a Salesforce id',
    );
    expect(() => pullWhere(query, { modstamp: 'yesterday', id: null })).toThrow('Not a date-time');
  });

  it('reads deleted records past the deletions cursor, in cursor order', () => {
    expect(deletedSoql('contact', { modstamp: null, id: null })).toBe(
      'SELECT Id, SystemModstamp FROM Contact WHERE IsDeleted = true ORDER BY SystemModstamp, Id',
    );
    expect(deletedSoql('lead', { modstamp: '2026-01-01T00:00:00Z', id: '00Q000000000001AAA' })).toBe(
      'SELECT Id, SystemModstamp FROM Lead WHERE (SystemModstamp > 2026-01-01T00:00:00.000Z OR ' +
        "(SystemModstamp = 2026-01-01T00:00:00.000Z AND Id > '00Q000000000001AAA')) AND IsDeleted = true " +
        'ORDER BY SystemModstamp, Id',
    );
  });
});
