import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';

export type TableState<F> = {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
  filters: F;
};

/** Paging, sorting and filter state of one server-side table. */
export function useTableState<F extends object>(initialFilters: F, pageSize = 10) {
  const [state, setState] = useState<TableState<F>>({ pageNo: 1, pageSize, filters: initialFilters });
  return {
    state,
    query: {
      pageNo: state.pageNo,
      pageSize: state.pageSize,
      ...(state.column ? { column: state.column, order: state.order } : {}),
      ...state.filters,
    },
    setFilters: (filters: F) => setState((s) => ({ ...s, pageNo: 1, filters })),
    onTableChange: <R>(
      pagination: { current?: number; pageSize?: number },
      sorter: SorterResult<R> | SorterResult<R>[],
    ) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = one?.order ? String(one.columnKey ?? one.field ?? '') : undefined;
      setState((s) => ({
        ...s,
        pageNo: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? s.pageSize,
        column: column || undefined,
        order: one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined,
      }));
    },
  };
}
