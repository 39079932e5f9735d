export { DateCell } from './date-cell';
export {
  ListFailed,
  ListLoader,
  ListTableState,
  type ListTableEmptyText,
  type ListTableFailure,
  type ListTableStateProps,
} from './list-table-state';
export { RowActionsMenu, type RowAction, type RowActionsMenuProps } from './row-actions-menu';
export { OpenableRow, type OpenableRowProps } from './openable-row';
export { ActionsHeader } from './actions-header';
