/** Spec section 9: the widget shows 2 margin pages and 5 around the current one. */
export const PAGINATION_MARGIN_PAGES = 2;
export const PAGINATION_PAGES_AROUND_CURRENT = 5;
/** Siblings on each side of the current page, so that 5 pages show around it (current included). */
export const PAGINATION_SIBLINGS = (PAGINATION_PAGES_AROUND_CURRENT - 1) / 2;

/**
 * Spec section 4: page setters accept only a page that is truthy and not above the total pages
 * (1 up to the total).
 */
export function isAcceptablePage(page: number | null | undefined, totalPages: number): page is number {
  if (!page || !Number.isInteger(page)) return false;
  return page >= 1 && page <= totalPages;
}

/** Spec section 9: the widget hides at 1 page or fewer. */
export function shouldShowPagination(totalPages: number): boolean {
  return totalPages > 1;
}
