import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { shouldShowPagination } from './page-rule';
import { Pagination } from './pagination';
import type { PageState } from './use-page-state';

export interface ListPaginationProps {
  page: number;
  totalPages: number;
  onChange: PageState['setPage'];
}

/**
 * The pagination below a list table, padded, and left out at 1 page or fewer. A page past the
 * end (its last record was just removed, or the list shrank under it) moves to the last page, so
 * the table never shows an empty page of a list that has records.
 */
export function ListPagination({ page, totalPages, onChange }: ListPaginationProps) {
  useEffect(() => {
    if (totalPages >= 1 && page > totalPages) onChange(totalPages, totalPages);
  }, [page, totalPages, onChange]);
  if (!shouldShowPagination(totalPages)) return null;
  return (
    <Box p="md">
      <Pagination page={page} totalPages={totalPages} onChange={(next) => onChange(next, totalPages)} />
    </Box>
  );
}
