import { type LogRecord, logRoutes } from '@ics/contract';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterField, type ListColumn, ListPage } from '../../../shared/ui/list-page';
import '../locales';

function LogTab({ logType }: { logType: 1 | 2 }) {
  const { t } = useTranslation('system');
  const extra = useMemo(() => ({ logType }), [logType]);
  const columns: ListColumn<LogRecord>[] = [
    { key: 'createTime', title: t('log.createTime'), sorter: true, width: 170 },
    { key: 'username', title: t('log.username'), sorter: true },
    { key: 'logContent', title: t('log.logContent') },
    { key: 'ip', title: t('log.ip'), sorter: true },
    ...(logType === 2
      ? ([
          { key: 'operateType', title: t('log.operateType') },
          { key: 'method', title: t('log.method'), defaultHidden: true },
          { key: 'requestUrl', title: t('log.requestUrl') },
          { key: 'costTime', title: t('log.costTime'), sorter: true },
        ] as ListColumn<LogRecord>[])
      : []),
    {
      key: 'ok',
      title: t('log.result'),
      render: (_: unknown, r: LogRecord) => (
        <Tag color={r.ok ? 'green' : 'red'}>{r.ok ? t('log.ok') : t('log.failed')}</Tag>
      ),
    },
  ];
  const filters: FilterField[] = [
    { name: 'username', label: t('log.username'), kind: 'text' },
    { name: 'logContent', label: t('log.logContent'), kind: 'text' },
    { name: 'ip', label: t('log.ip'), kind: 'text' },
    { name: 'createTime', label: t('log.createTime'), kind: 'dateRange' },
  ];
  return (
    <ListPage<LogRecord>
      listKey={logType === 1 ? 'login-log' : 'operation-log'}
      routes={logRoutes}
      columns={columns}
      filters={filters}
      extraQuery={extra}
      exportName={logType === 1 ? t('log.loginTab') : t('log.operationTab')}
      bordered={false}
    />
  );
}

/** `/system/log`: the login and operation logs. */
export default function LogListPage() {
  const { t } = useTranslation('system');
  const [tab, setTab] = useState('1');
  return (
    <Card data-testid="log-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: '1', label: t('log.loginTab'), children: <LogTab logType={1} /> },
          { key: '2', label: t('log.operationTab'), children: <LogTab logType={2} /> },
        ]}
      />
    </Card>
  );
}
