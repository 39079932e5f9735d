export { DateCell } from './date-cell';
export {
  ListLoader,
  ListTableState,
  type ListTableEmptyText,
  type ListTableStateProps,
} from './list-table-state';
export { RowActionsMenu, type RowAction, type RowActionsMenuProps } from './row-actions-menu';
export { OpenableRow, type OpenableRowProps } from './openable-row';
export { ActionsHeader } from './actions-header';
