import { rem } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './table-scroll.module.css';

export interface TableScrollProps {
  /** Below this width the table scrolls sideways inside the container. */
  minWidth: number;
  children: ReactNode;
}

/**
 * `Table.ScrollContainer` as the theme sets it up (native scrolling, a region a keyboard can
 * reach and scroll), without it: Mantine's imports its custom scroll area, and that the
 * positioning library, into the first load of every screen with a table.
 */
export function TableScroll({ minWidth, children }: TableScrollProps) {
  return (
    <div className={classes.scroll} tabIndex={0} role="region" aria-label="Table">
      <div style={{ minWidth: rem(minWidth) }}>{children}</div>
    </div>
  );
}
