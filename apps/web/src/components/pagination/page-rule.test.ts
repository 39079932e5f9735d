import { describe, expect, it } from 'vitest';
import {
  isAcceptablePage,
  PAGINATION_MARGIN_PAGES,
  PAGINATION_SIBLINGS,
  shouldShowPagination,
} from './page-rule';

describe('isAcceptablePage', () => {
  it('accepts pages from 1 up to the total', () => {
    expect(isAcceptablePage(1, 5)).toBe(true);
    expect(isAcceptablePage(3, 5)).toBe(true);
    expect(isAcceptablePage(5, 5)).toBe(true);
  });

  it('rejects a page above the total', () => {
    expect(isAcceptablePage(6, 5)).toBe(false);
    expect(isAcceptablePage(1, 0)).toBe(false);
  });

  it('rejects a page that is not truthy', () => {
    expect(isAcceptablePage(0, 5)).toBe(false);
    expect(isAcceptablePage(undefined, 5)).toBe(false);
    expect(isAcceptablePage(null, 5)).toBe(false);
    expect(isAcceptablePage(Number.NaN, 5)).toBe(false);
  });

  it('rejects pages below 1 and fractional pages', () => {
    expect(isAcceptablePage(-1, 5)).toBe(false);
    expect(isAcceptablePage(1.5, 5)).toBe(false);
  });
});

describe('the pagination widget', () => {
  it('hides at 1 page or fewer', () => {
    expect(shouldShowPagination(0)).toBe(false);
    expect(shouldShowPagination(1)).toBe(false);
    expect(shouldShowPagination(2)).toBe(true);
  });

  it('shows 2 margin pages and 5 pages around the current one', () => {
    expect(PAGINATION_MARGIN_PAGES).toBe(2);
    expect(PAGINATION_SIBLINGS * 2 + 1).toBe(5);
  });
});
