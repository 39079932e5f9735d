import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, pageRequestSchema, WHOLE_NUMBER_EXPECTED } from './pagination';

describe('pageRequestSchema', () => {
  it('takes the deepest page at the largest page size, whose offset fits a 32-bit integer', () => {
    const page = pageRequestSchema.parse({ page_number: MAX_PAGE_NUMBER, page_size: MAX_PAGE_SIZE });
    expect((page.page_number - 1) * page.page_size).toBeLessThan(2 ** 31);
  });

  // A page number past it reached the queries' offsets and answered 500.
  it.each([MAX_PAGE_NUMBER + 1, 9007199254740990])('refuses page %d', (pageNumber) => {
    const result = pageRequestSchema.safeParse({ page_number: pageNumber, page_size: 10 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['page_number']);
  });
});

describe('page fields of other types', () => {
  it('takes numbers, and numbers written as text', () => {
    expect(pageRequestSchema.parse({ page_size: '25', page_number: 2 })).toEqual({
      page_size: 25,
      page_number: 2,
    });
    expect(pageRequestSchema.parse({})).toEqual({ page_size: 10, page_number: 1 });
  });

  // They were read as Number(value): true was a page of 1, [5] a page of 5, null and '' 'Too small'.
  it.each([true, false, [5], null, '', 'ten', 1.5, {}])(
    'refuses page_size %j as not a whole number',
    (size) => {
      const result = pageRequestSchema.safeParse({ page_size: size });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['page_size'], message: WHOLE_NUMBER_EXPECTED }),
      ]);
    },
  );

  it('keeps the bounds messages of a whole number out of range', () => {
    const result = pageRequestSchema.safeParse({ page_size: 0, page_number: '0' });
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['too_small', 'too_small']);
  });
});
