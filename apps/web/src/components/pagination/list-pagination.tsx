import { Box } from '@mantine/core';
import { shouldShowPagination } from './page-rule';
import { Pagination } from './pagination';
import type { PageState } from './use-page-state';

export interface ListPaginationProps {
  page: number;
  totalPages: number;
  onChange: PageState['setPage'];
}

/** The pagination below a list table, padded, and left out at 1 page or fewer. */
export function ListPagination({ page, totalPages, onChange }: ListPaginationProps) {
  if (!shouldShowPagination(totalPages)) return null;
  return (
    <Box p="md">
      <Pagination page={page} totalPages={totalPages} onChange={(next) => onChange(next, totalPages)} />
    </Box>
  );
}
