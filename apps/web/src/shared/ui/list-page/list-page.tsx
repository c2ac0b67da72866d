import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { RouteDef } from '@ics/contract';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table, { type TableProps } from 'antd/es/table';
import type { ColumnType } from 'antd/es/table/interface';
import Tooltip from 'antd/es/tooltip';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../lib/http';
import { storage } from '../../lib/storage/storage';
import { DictSelect } from '../dict';
import { useHas } from '../has';
import { DateRangeFilter } from './date-range-filter';
import { downloadRoute } from './download';
import {
  type FilterField,
  type FilterValues,
  filterParams,
  idsParam,
  listParams,
  PAGE_SIZES,
  type SortState,
  toOrder,
  visibleColumnKeys,
} from './list-params';
import { RowConfirm, RowEdit } from './row-action';
import { routeMark, useListQuery, useRefreshList } from './use-list-query';
import './locales';
import './list-page.css';

/** A column of a list: antd's column with a stable key; `sorter: true` sorts on the server. */
export type ListColumn<T> = ColumnType<T> & { key: string; defaultHidden?: boolean };

export type ListContext<T> = {
  selectedRowKeys: Key[];
  /** The selected rows loaded on this page (with `preserveSelection`, keys may name rows of other pages). */
  selectedRows: T[];
  clearSelection(): void;
  refresh(): Promise<void>;
  /** The current filters, sort and extra parameters (without paging). */
  query: Record<string, string | number>;
};

export type ListPageProps<T extends object> = {
  /** Names the list: test ids, the stored column settings. */
  listKey: string;
  title?: ReactNode;
  routes: { list: RouteDef; deleteBatch?: RouteDef; exportXls?: RouteDef };
  columns: ListColumn<T>[];
  filters?: FilterField[];
  /** Filter values the list opens with (a link that names what to show: `?keyword=L001`). */
  initialFilters?: FilterValues;
  /** Fixed parameters (a dictionary id, a log type). */
  extraQuery?: Record<string, string | number | undefined>;
  rowKey?: string;
  /** Shows the add button (guarded by `addMark`). */
  onAdd?: () => void;
  addMark?: string;
  /** Further toolbar buttons (batch actions get the selection). */
  toolbar?: (ctx: ListContext<T>) => ReactNode;
  /** The actions column: the row's own actions, between `rowEdit` and `rowDelete`. */
  rowActions?: (record: T, ctx: ListContext<T>) => ReactNode;
  /** The row's edit link, first in the actions column (hidden without `mark`). */
  rowEdit?: { mark?: string; onEdit: (record: T) => unknown; testId?: (record: T) => string };
  /**
   * The row's delete link, last in the actions column: `route` with `?id=` the row's key, then
   * `onDeleted` and the list's reload (hidden without the route's mark).
   */
  rowDelete?: { route: RouteDef; testId?: (record: T) => string };
  actionsWidth?: number;
  /** File name when the server gives none. */
  exportName?: string;
  /** Row selection even without batch delete (batch actions in `toolbar`). */
  selectable?: boolean;
  scrollX?: number;
  size?: 'small' | 'middle';
  bordered?: boolean;
  /** Test id of the add button (default `list-<listKey>-add`). */
  addTestId?: string;
  /** A bar between the toolbar and the table that acts on the selection (a control bar). */
  selectionBar?: (ctx: ListContext<T>) => ReactNode;
  /** Keep the selection across pages and searches (a selection built up page by page). */
  preserveSelection?: boolean;
  /** Page sizes offered (default 10/20/30) and the first one shown (default the smallest). */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Polls the list every so many ms; a poll keeps the rows on screen without the spinner. */
  refetchInterval?: number;
  /** Rows that open (antd's `expandable`: circuits under their cabinet). */
  expandable?: TableProps<T>['expandable'];
  /** After a batch delete succeeded (caches beyond the list to forget). */
  onDeleted?: () => unknown;
  /** The rows shown, each time they change (a page that follows their live state). */
  onRows?: (rows: readonly T[]) => void;
};

const COLUMN_STORAGE = (listKey: string) => `listColumns.${listKey}`;

/** A search field; Form.Item hands it `value`/`onChange`, which go to the inner control. */
function FilterInput({
  field,
  testId,
  ...rest
}: {
  field: FilterField;
  testId: string;
  value?: unknown;
  onChange?: unknown;
}) {
  // biome-ignore lint/suspicious/noExplicitAny: each control types value/onChange its own way
  const control = rest as any;
  const { t } = useTranslation('crud');
  if (field.input) return field.input({ ...control, 'data-testid': testId });
  switch (field.kind) {
    case 'dict':
      return (
        <DictSelect
          {...control}
          dictCode={field.dictCode ?? ''}
          placeholder={t('pleaseSelect')}
          style={{ width: 160 }}
          data-testid={testId}
        />
      );
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          options={field.options}
          placeholder={t('pleaseSelect')}
          style={{ width: 160 }}
          data-testid={testId}
        />
      );
    case 'dateRange':
      return (
        <DateRangeFilter {...control} placeholder={[t('startDate'), t('endDate')]} data-testid={testId} />
      );
    default:
      return (
        <Input
          {...control}
          allowClear
          placeholder={t('pleaseEnter')}
          style={{ width: 180 }}
          data-testid={testId}
        />
      );
  }
}

/**
 * The generic list of every administration page: search form from a filter config
 * (`*x*` contains, exact values, date ranges), server-side paging (10/20/30) and sorting
 * (`column`/`order`), column settings kept per list, batch delete with confirmation, export
 * to .xlsx with the current filters, toolbar buttons guarded by the route's marks.
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { listKey: key, routes, filters = [], rowKey = 'id' } = props;
  const pageSizes = props.pageSizes ?? PAGE_SIZES;
  const { t } = useTranslation('crud');
  const { message, modal } = App.useApp();
  const has = useHas();
  const [form] = Form.useForm<FilterValues>();
  const [page, setPage] = useState(() => ({
    pageNo: 1,
    pageSize: props.defaultPageSize ?? pageSizes[0] ?? 10,
  }));
  const [sort, setSort] = useState<SortState>({});
  const [filterValues, setFilterValues] = useState<Record<string, string>>(() =>
    props.initialFilters ? filterParams(filters, props.initialFilters) : {},
  );
  const [selection, setSelection] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const [hidden, setHidden] = useState<string[] | null>(() => storage.get<string[]>(COLUMN_STORAGE(key)));
  const [exporting, setExporting] = useState(false);
  const refresh = useRefreshList(routes.list);
  // antd measures column widths in a hidden row that copies the header (checkbox included):
  // keep it out of the keyboard's reach, as it is out of the screen reader's.
  const tableArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const row of tableArea.current?.querySelectorAll('.ant-table-measure-row') ?? [])
      row.setAttribute('inert', '');
  });

  const baseQuery = useMemo(
    () => listParams({ pageNo: 1, pageSize: 1, sort, filters: filterValues, extra: props.extraQuery }),
    [sort, filterValues, props.extraQuery],
  );
  const query = useMemo(() => {
    const { pageNo: _p, pageSize: _s, ...rest } = baseQuery;
    return rest;
  }, [baseQuery]);
  const params = useMemo(() => ({ ...baseQuery, ...page }), [baseQuery, page]);
  const result = useListQuery<T>(routes.list, params, true, props.refetchInterval);
  // A poll refreshes rows in place; paging, a search or the first load show the spinner.
  const polled = Boolean(props.refetchInterval) && result.data !== undefined && !result.isPlaceholderData;

  const deleteMark = routeMark(routes.deleteBatch);
  const exportMark = routeMark(routes.exportXls);
  const canDelete = Boolean(routes.deleteBatch) && (!deleteMark || has(deleteMark));
  const canExport = Boolean(routes.exportXls) && (!exportMark || has(exportMark));
  const canAdd = Boolean(props.onAdd) && (!props.addMark || has(props.addMark));
  const selectable = canDelete || Boolean(props.selectable);

  const clearSelection = () => setSelection({ keys: [], rows: [] });
  const ctx: ListContext<T> = {
    selectedRowKeys: selection.keys,
    selectedRows: selection.rows,
    clearSelection,
    refresh,
    query,
  };

  const allColumns = props.columns;
  const defaultHidden = allColumns.filter((c) => c.defaultHidden).map((c) => c.key);
  const visible = new Set(
    visibleColumnKeys(
      allColumns.map((c) => c.key),
      hidden ?? defaultHidden,
    ),
  );
  const shown: ColumnType<T>[] = allColumns
    .filter((c) => visible.has(c.key))
    .map(({ defaultHidden: _d, ...c }) => ({
      ...c,
      dataIndex: c.dataIndex ?? c.key,
      sortOrder: c.sorter && sort.column === c.key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    }));
  const { rowActions, rowEdit, rowDelete } = props;
  if (rowActions || rowEdit || rowDelete) {
    const afterDelete = async () => {
      await props.onDeleted?.();
      await refresh();
    };
    shown.push({
      key: '__actions',
      title: t('actions'),
      fixed: 'right',
      width: props.actionsWidth ?? 160,
      render: (_: unknown, record: T) => (
        <Space size={4} wrap>
          {rowEdit && (
            <RowEdit
              mark={rowEdit.mark}
              onClick={() => rowEdit.onEdit(record)}
              testId={rowEdit.testId?.(record)}
            />
          )}
          {rowActions?.(record, ctx)}
          {rowDelete && (
            <RowDelete
              route={rowDelete.route}
              id={String((record as Record<string, unknown>)[rowKey])}
              onDone={afterDelete}
              testId={rowDelete.testId?.(record)}
            />
          )}
        </Space>
      ),
    });
  }

  const saveHidden = (next: string[] | null) => {
    setHidden(next);
    if (next === null) storage.remove(COLUMN_STORAGE(key));
    else storage.set(COLUMN_STORAGE(key), next, null);
  };

  const search = (values: FilterValues) => {
    setFilterValues(filterParams(filters, values));
    setPage((p) => ({ ...p, pageNo: 1 }));
    if (!props.preserveSelection) clearSelection();
  };

  const reset = () => {
    form.resetFields();
    search({});
  };

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = toOrder(one?.order);
    const column = order ? String(one?.columnKey ?? one?.field ?? '') : undefined;
    setSort(order && column ? { column, order } : {});
    setPage((p) => ({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? p.pageSize }));
  };

  const batchDelete = () => {
    const route = routes.deleteBatch;
    if (!route || selection.keys.length === 0) return;
    modal.confirm({
      title: t('confirmDeleteTitle'),
      content: t('confirmDeleteMany', { count: selection.keys.length }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': `list-${key}-confirm-delete` } as never,
      onOk: async () => {
        // A refusal is shown by the HTTP client (the server's message); the dialog closes either way.
        const envelope = await call(route, {
          query: { ids: idsParam(selection.keys as string[]) } as never,
        }).catch(() => null);
        if (!envelope) return;
        message.success(envelope.message || t('deleted'));
        clearSelection();
        await props.onDeleted?.();
        await refresh();
      },
    });
  };

  const exportXls = async () => {
    if (!routes.exportXls) return;
    setExporting(true);
    try {
      const name = await downloadRoute(routes.exportXls, query, `${props.exportName ?? key}.xlsx`);
      message.success(t('exported', { name }));
    } catch (error) {
      message.error(errorMessage(error, (error as Error).message));
    } finally {
      setExporting(false);
    }
  };

  const columnSettings = (
    <div className="ics-list-page__columns" data-testid={`list-${key}-column-list`}>
      {allColumns.map((c) => (
        <div key={c.key}>
          <Checkbox
            checked={visible.has(c.key)}
            data-testid={`list-${key}-column-${c.key}`}
            onChange={(e) => {
              const current = new Set(hidden ?? defaultHidden);
              if (e.target.checked) current.delete(c.key);
              else current.add(c.key);
              saveHidden([...current]);
            }}
          >
            {c.title as ReactNode}
          </Checkbox>
        </div>
      ))}
      <Button type="link" size="small" onClick={() => saveHidden(null)}>
        {t('columnSettingsReset')}
      </Button>
    </div>
  );

  const data = result.data;
  const onRows = props.onRows;
  useEffect(() => {
    if (data) onRows?.(data.records as T[]);
  }, [data, onRows]);
  return (
    <Card
      className="ics-list-page"
      data-testid={`list-${key}`}
      title={props.title}
      variant={props.bordered === false ? 'borderless' : 'outlined'}
    >
      {filters.length > 0 && (
        <Form
          form={form}
          name={`list-${key}-filter`}
          layout="inline"
          className="ics-list-page__search"
          onFinish={search}
          {...(props.initialFilters ? { initialValues: props.initialFilters } : {})}
        >
          {filters.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              <FilterInput field={f} testId={`list-${key}-filter-${f.name}`} />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SearchOutlined />}
                data-testid={`list-${key}-search`}
              >
                {t('search')}
              </Button>
              <Button onClick={reset} data-testid={`list-${key}-reset`}>
                {t('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <div className="ics-list-page__toolbar">
        <Space wrap>
          {canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={props.onAdd}
              data-testid={props.addTestId ?? `list-${key}-add`}
            >
              {t('add')}
            </Button>
          )}
          {canExport && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportXls}
              data-testid={`list-${key}-export`}
            >
              {t('export')}
            </Button>
          )}
          {props.toolbar?.(ctx)}
          {canDelete && selection.keys.length > 0 && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={batchDelete}
              data-testid={`list-${key}-batch-delete`}
            >
              {t('batchDelete')}
            </Button>
          )}
          {selection.keys.length > 0 && (
            <span className="ics-list-page__selected">
              {t('selected', { count: selection.keys.length })}
              <Button type="link" size="small" onClick={clearSelection}>
                {t('clearSelection')}
              </Button>
            </span>
          )}
        </Space>
        <Space>
          <Tooltip title={t('refresh')}>
            <Button
              type="text"
              icon={<ReloadOutlined />}
              aria-label={t('refresh')}
              onClick={() => void refresh()}
            />
          </Tooltip>
          <Popover
            content={columnSettings}
            title={t('columnSettings')}
            trigger="click"
            placement="bottomRight"
          >
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('columnSettings')}
              data-testid={`list-${key}-columns`}
            />
          </Popover>
        </Space>
      </div>
      {props.selectionBar && <div className="ics-list-page__selection-bar">{props.selectionBar(ctx)}</div>}
      {result.isError && (
        <Alert
          type="error"
          showIcon
          className="ics-list-page__error"
          data-testid={`list-${key}-error`}
          message={t('loadFailed')}
          description={errorMessage(result.error, '')}
          action={
            <Button size="small" onClick={() => void result.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      )}
      <div ref={tableArea}>
        <Table<T>
          rowKey={rowKey}
          size={props.size ?? 'middle'}
          columns={shown}
          dataSource={data?.records as T[] | undefined}
          loading={result.isFetching && !polled}
          onChange={onChange}
          scroll={{ x: props.scrollX ?? 'max-content' }}
          // Columns as wide as their content (a fixed layout shares the width out evenly and lets
          // dates run under the fixed actions column); the table scrolls only when they do not fit.
          tableLayout="auto"
          expandable={props.expandable}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selection.keys,
                  // With preserved keys antd reports rows of other pages as undefined.
                  onChange: (keys, rows) => setSelection({ keys, rows: rows.filter(Boolean) }),
                  preserveSelectedRowKeys: Boolean(props.preserveSelection),
                }
              : undefined
          }
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: (total) => t('total', { total }),
          }}
        />
      </div>
    </Card>
  );
}

/** A row's delete link: confirmation, `DELETE ?id=`, refresh. Hidden without the route's mark. */
export function RowDelete({
  route,
  id,
  onDone,
  testId,
  query,
}: {
  route: RouteDef;
  id: string;
  onDone: () => unknown;
  testId?: string;
  /** Replaces `{ id }` when the route names its parameter differently. */
  query?: Record<string, string>;
}) {
  const { t } = useTranslation('crud');
  const { message } = App.useApp();
  return (
    <RowConfirm
      mark={routeMark(route)}
      title={t('confirmDeleteOne')}
      okText={t('ok')}
      cancelText={t('cancel')}
      okDanger
      danger
      label={t('delete')}
      testId={testId}
      onConfirm={async () => {
        const envelope = await call(
          route,
          { query: (query ?? { id }) as never },
          { silentStatuses: [403] },
        ).catch((error: unknown) => {
          message.error(errorMessage(error, t('submitFailed')));
          return null;
        });
        if (!envelope) return;
        message.success(envelope.message || t('deleted'));
        await onDone();
      }}
    />
  );
}
