import { Table, type TableTrProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import classes from './openable-row.module.css';

export interface OpenableRowProps extends Omit<TableTrProps, 'onClick' | 'onKeyDown' | 'tabIndex'> {
  /** Opens the record the row shows. */
  onOpen: () => void;
}

/**
 * A table row that opens its record: by a click, and by keyboard (Tab to the row, Enter), so a
 * record can be opened without a mouse. Keys pressed on controls inside the row stay theirs.
 */
export function OpenableRow({ onOpen, className, ...props }: OpenableRowProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <Table.Tr
      {...props}
      className={className ? `${classes.row} ${className}` : classes.row}
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={onKeyDown}
    />
  );
}
