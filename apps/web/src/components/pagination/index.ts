export { ListPagination, type ListPaginationProps } from './list-pagination';
export { Pagination, type PaginationProps } from './pagination';
export { usePageState, type PageState } from './use-page-state';
export {
  isAcceptablePage,
  shouldShowPagination,
  PAGINATION_MARGIN_PAGES,
  PAGINATION_PAGES_AROUND_CURRENT,
  PAGINATION_SIBLINGS,
} from './page-rule';
