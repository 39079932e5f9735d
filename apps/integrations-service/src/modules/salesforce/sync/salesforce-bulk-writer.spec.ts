import { firstColumn, parseBulkError, toIngestCsv } from './salesforce-bulk-writer';

describe('Bulk API ingest CSV', () => {
  it('takes every record’s columns, Id first; a missing value leaves the field alone, null clears it', () => {
    expect(
      toIngestCsv([
        { Id: '00Q1', Title: 'Says "hi", twice' },
        { Id: '00Q2', Phone: null, Title: 'x' },
      ]),
    ).toBe('Id,Title,Phone\n"00Q1","Says ""hi"", twice",\n"00Q2","x",#N/A\n');
  });

  it('reads a failed row’s code, message and fields', () => {
    expect(
      parseBulkError('INVALID_FIELD_FOR_INSERT_UPDATE:Unable to create/update fields: Title:Title --'),
    ).toEqual({
      statusCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
      message: 'Unable to create/update fields: Title',
      fields: ['Title'],
    });
    expect(
      parseBulkError('UNABLE_TO_LOCK_ROW:unable to obtain exclusive access to this record:--'),
    ).toMatchObject({
      statusCode: 'UNABLE_TO_LOCK_ROW',
    });
    expect(parseBulkError('something odd')).toEqual({
      statusCode: 'UNKNOWN_EXCEPTION',
      message: 'something odd',
      fields: [],
    });
  });

  it('reads the first field of every record: quotes undone, commas and line breaks in quoted fields kept in their record', () => {
    const csv =
      '"sf__Id","sf__Created",Id,Street\r\n' +
      '"003A","false","003A","1 Main St, ""North""\nFloor 2"\r\n' +
      '003B,false,003B,\n' +
      '"0""3C","true",,"a,\r\nb"\n';
    expect(firstColumn(csv)).toEqual(['sf__Id', '003A', '003B', '0"3C']);
    expect(firstColumn('')).toEqual([]);
    expect(firstColumn('"sf__Id"')).toEqual(['sf__Id']);
    expect(() => firstColumn('"003A')).toThrow('Unterminated');
  });
});
