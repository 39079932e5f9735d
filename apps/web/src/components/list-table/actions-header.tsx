import { Table, VisuallyHidden } from '@mantine/core';

/**
 * The header of a table's row-actions column: named for screen readers (an empty header cell
 * names nothing), hidden on screen. Relative, so the hidden label's box stays inside the cell
 * and never widens the page.
 */
export function ActionsHeader({ width = 56 }: { width?: number }) {
  return (
    <Table.Th w={width} pos="relative">
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
