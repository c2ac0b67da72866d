export { type ListColumn, type ListContext, ListPage, type ListPageProps, RowDelete } from './list-page';
export type { FilterControlProps, FilterField } from './list-params';
export { listKey, routeMark, useListQuery, useRefreshList } from './use-list-query';
