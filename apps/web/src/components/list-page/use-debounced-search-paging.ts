import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type PageState, usePageState } from '@/components/pagination';

/** Spec section 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 1000;

export interface DebouncedSearchPaging extends PageState {
  /** What the search field shows. */
  search: string;
  /** The trimmed search, once typing has paused for `SEARCH_DEBOUNCE_MS`. */
  keyword: string;
  /** Sets the search field and goes back to the first page. */
  changeSearch: (value: string) => void;
}

/** A list's search field and page: a new search starts from the first page. */
export function useDebouncedSearchPaging(): DebouncedSearchPaging {
  const { page, setPage, resetPage } = usePageState();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const changeSearch = (value: string) => {
    setSearch(value);
    resetPage();
  };
  return { page, setPage, resetPage, search, keyword, changeSearch };
}
