export {
  ListSearchBar,
  SearchInput,
  type ListSearchBarProps,
  type SearchInputProps,
} from './list-search-bar';
export { openRemoveConfirm, type RemoveConfirmOptions } from './open-remove-confirm';
export { useAddParam } from './use-add-param';
export {
  SEARCH_DEBOUNCE_MS,
  useDebouncedSearchPaging,
  type DebouncedSearchPaging,
} from './use-debounced-search-paging';
