import { Group, Pagination as MantinePagination } from '@mantine/core';
import {
  isAcceptablePage,
  PAGINATION_MARGIN_PAGES,
  PAGINATION_SIBLINGS,
  shouldShowPagination,
} from './page-rule';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  justify?: 'flex-start' | 'center' | 'flex-end';
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** The app's pagination widget (spec section 9), hidden at 1 page or fewer. */
export function Pagination({ page, totalPages, onChange, justify = 'flex-end' }: PaginationProps) {
  if (!shouldShowPagination(totalPages)) return null;
  return (
    <Group justify={justify}>
      <MantinePagination
        size="sm"
        total={totalPages}
        value={Math.min(Math.max(page, 1), totalPages)}
        boundaries={PAGINATION_MARGIN_PAGES}
        siblings={PAGINATION_SIBLINGS}
        onChange={(next) => {
          if (isAcceptablePage(next, totalPages)) onChange(next);
        }}
        aria-label="Pagination"
        // The arrows are icons: they need names, and the page buttons say which page they open.
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(item) => ({
          'aria-label': `Page ${item}`,
          'aria-current': item === page ? 'page' : undefined,
        })}
      />
    </Group>
  );
}
