import {
  cappedTotal,
  countBound,
  LIST_COUNT_CAP,
  pageInfo,
  SEARCH_COUNT_CAP,
  searchPattern,
} from './contact-search';

describe('contact search', () => {
  it('matches a keyword of three characters or more anywhere, a shorter one at the start', () => {
    expect(searchPattern('ann')).toBe('%ann%');
    expect(searchPattern('an')).toBe('an%');
    expect(searchPattern('é')).toBe('é%');
    expect(searchPattern('%_')).toBe('\\%\\_%');
    expect(searchPattern('50%')).toBe('%50\\%%');
  });

  it('counts one past the cap, or one past the requested page when it lies deeper', () => {
    expect(countBound({ limit: 10, offset: 0 })).toBe(LIST_COUNT_CAP + 1);
    expect(countBound({ keyword: 'ann', limit: 10, offset: 0 })).toBe(SEARCH_COUNT_CAP + 1);
    expect(countBound({ limit: 10, offset: 20_000 })).toBe(20_011);
  });

  it('reports an exact total below the bound and a lower bound at it', () => {
    expect(cappedTotal(42, 1001)).toEqual({ total: 42, capped: false });
    expect(cappedTotal(1001, 1001)).toEqual({ total: 1000, capped: true });
  });

  it('offers one page past a capped total, and exactly the pages of an exact one', () => {
    expect(pageInfo({ total: 1000, capped: true }, 10)).toEqual({
      page_count: 101,
      total_count: 1000,
      total_capped: true,
    });
    expect(pageInfo({ total: 1000, capped: false }, 10)).toEqual({
      page_count: 100,
      total_count: 1000,
      total_capped: false,
    });
    expect(pageInfo({ total: 0, capped: false }, 10)).toEqual({
      page_count: 0,
      total_count: 0,
      total_capped: false,
    });
  });
});
