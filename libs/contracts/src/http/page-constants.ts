/** Spec section 9: default page size 10, first page 1. */
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const MAX_PAGE_SIZE = 10000;
