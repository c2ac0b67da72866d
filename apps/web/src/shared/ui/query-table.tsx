import Table, { type TableProps } from 'antd/es/table';

export type QueryTableProps<T extends object> = Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'pagination'
> & {
  /** The query whose rows the table shows (a spinner while it fetches). */
  query: { data?: readonly T[]; isFetching: boolean };
};

/** A short table of a query's rows, all on one page (a department's users, a menu's data rules). */
export function QueryTable<T extends object>({ query, ...props }: QueryTableProps<T>) {
  return (
    <Table<T>
      rowKey="id"
      size="small"
      loading={query.isFetching}
      dataSource={query.data as T[] | undefined}
      pagination={false}
      {...props}
    />
  );
}
