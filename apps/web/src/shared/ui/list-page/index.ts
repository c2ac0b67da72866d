export { DateRangeFilter, dateTimeRangeFilter } from './date-range-filter';
export { EntityListPage, type EntityListPageProps } from './entity-list-page';
export { type ListColumn, type ListContext, ListPage, type ListPageProps, RowDelete } from './list-page';
export { type FilterControlProps, type FilterField, selectFilter, textFilters } from './list-params';
export { RowAction, type RowActionProps, RowConfirm, type RowConfirmProps, RowEdit } from './row-action';
export { listKey, routeMark, useListMutation, useListQuery, useRefreshList } from './use-list-query';
