import { type LogRecord, logRoutes } from '@ics/contract';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../shared/lib/time';
import { type FilterField, type ListColumn, ListPage } from '../../../shared/ui/list-page';
import '../locales';

function LogTab({ logType }: { logType: 1 | 2 }) {
  const { t } = useTranslation('log');
  const extra = useMemo(() => ({ logType }), [logType]);
  const columns: ListColumn<LogRecord>[] = [
    {
      key: 'createTime',
      title: t('createTime'),
      sorter: true,
      width: 170,
      render: (v: string) => formatInstant(v),
    },
    { key: 'username', title: t('username'), sorter: true },
    { key: 'logContent', title: t('logContent') },
    { key: 'ip', title: t('ip'), sorter: true },
    ...(logType === 2
      ? ([
          { key: 'operateType', title: t('operateType') },
          { key: 'method', title: t('method'), defaultHidden: true },
          { key: 'requestUrl', title: t('requestUrl') },
          { key: 'costTime', title: t('costTime'), sorter: true },
        ] as ListColumn<LogRecord>[])
      : []),
    {
      key: 'ok',
      title: t('result'),
      render: (_: unknown, r: LogRecord) => (
        <Tag color={r.ok ? 'green' : 'red'}>{r.ok ? t('ok') : t('failed')}</Tag>
      ),
    },
  ];
  const filters: FilterField[] = [
    { name: 'username', label: t('username'), kind: 'text' },
    { name: 'logContent', label: t('logContent'), kind: 'text' },
    { name: 'ip', label: t('ip'), kind: 'text' },
    { name: 'createTime', label: t('createTime'), kind: 'dateRange' },
  ];
  return (
    <ListPage<LogRecord>
      listKey={logType === 1 ? 'login-log' : 'operation-log'}
      routes={logRoutes}
      columns={columns}
      filters={filters}
      extraQuery={extra}
      exportName={logType === 1 ? t('loginTab') : t('operationTab')}
      bordered={false}
    />
  );
}

/** `/system/log`: the login and operation logs. */
export default function LogListPage() {
  const { t } = useTranslation('log');
  const [tab, setTab] = useState('1');
  return (
    <Card data-testid="log-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: '1', label: t('loginTab'), children: <LogTab logType={1} /> },
          { key: '2', label: t('operationTab'), children: <LogTab logType={2} /> },
        ]}
      />
    </Card>
  );
}
