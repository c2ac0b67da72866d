export { DateRangeFilter } from './date-range-filter';
export { type ListColumn, type ListContext, ListPage, type ListPageProps, RowDelete } from './list-page';
export { type FilterControlProps, type FilterField, selectFilter } from './list-params';
export { RowAction, type RowActionProps, RowConfirm, type RowConfirmProps } from './row-action';
export { listKey, routeMark, useListMutation, useListQuery, useRefreshList } from './use-list-query';
