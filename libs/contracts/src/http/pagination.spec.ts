import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, pageRequestSchema } from './pagination';

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
