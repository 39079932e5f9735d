import { useCallback, useState } from 'react';
import { FIRST_PAGE } from '@meridian/contracts';
import { isAcceptablePage } from './page-rule';

export interface PageState {
  page: number;
  /** Moves to `page` only if it is acceptable for `totalPages` (see `isAcceptablePage`). */
  setPage: (page: number | null | undefined, totalPages: number) => void;
  /** Back to the first page, e.g. after a filter changed. */
  resetPage: () => void;
}

export function usePageState(initialPage = FIRST_PAGE): PageState {
  const [page, setPageValue] = useState(initialPage);
  const setPage = useCallback((next: number | null | undefined, totalPages: number) => {
    if (isAcceptablePage(next, totalPages)) setPageValue(next);
  }, []);
  const resetPage = useCallback(() => setPageValue(FIRST_PAGE), []);
  return { page, setPage, resetPage };
}
