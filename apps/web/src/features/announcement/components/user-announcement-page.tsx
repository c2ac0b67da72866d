import { ANNOUNCEMENT_MARKS, type AnnouncementSendRecord } from '@ics/contract';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DictSelect } from '../../../shared/ui/dict';
import { Has } from '../../../shared/ui/has';
import { PageHeader } from '../../../shared/ui/page-header';
import { formatDate, truncate } from '../../../shared/utils/format';
import { useMyAnnouncements } from '../api/get-my-announcements';
import { useMarkAllRead } from '../api/mark-all-read';
import { useOpenNotice } from '../hooks/use-open-notice';
import '../locales';
import { AnnouncementModal } from './announcement-modal';
import './notice.css';

type ReadTab = 'all' | '0' | '1';
type Filter = { titile: string; readFlag: ReadTab; msgCategory: string };

const EMPTY_FILTER: Filter = { titile: '', readFlag: 'all', msgCategory: '' };

/** `/isps/userAnnouncement`: the user's announcements and system messages with their read state. */
export default function UserAnnouncementPage() {
  const { t } = useTranslation('announcement');
  const { message } = App.useApp();
  const markAllRead = useMarkAllRead();
  const { record, open, close } = useOpenNotice();
  const [filter, setFilter] = useState<Filter>(EMPTY_FILTER);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const query = useMyAnnouncements({
    ...page,
    ...(filter.titile ? { titile: filter.titile } : {}),
    ...(filter.readFlag !== 'all' ? { readFlag: filter.readFlag } : {}),
    ...(filter.msgCategory === '1' || filter.msgCategory === '2' ? { msgCategory: filter.msgCategory } : {}),
  });
  // A changed filter starts again on the first page.
  const refine = (patch: Partial<Filter>) => {
    setPage((p) => ({ ...p, pageNo: 1 }));
    setFilter((f) => ({ ...f, ...patch }));
  };

  const readAll = async () => {
    await markAllRead.mutateAsync();
    void message.success(t('page.readAllDone'));
  };

  const view = (row: AnnouncementSendRecord) => open({ ...row, msgContent: row.msgContent });

  const columns: ColumnsType<AnnouncementSendRecord> = [
    {
      title: t('page.columns.title'),
      dataIndex: 'titile',
      render: (value: string) => <span title={value}>{truncate(value)}</span>,
    },
    { title: t('page.columns.category'), dataIndex: 'msgCategory_dictText', width: 120 },
    { title: t('page.columns.sender'), dataIndex: 'sender', width: 120 },
    {
      title: t('page.columns.sendTime'),
      dataIndex: 'sendTime',
      width: 180,
      render: (value: string | null) => formatDate(value),
    },
    { title: t('page.columns.priority'), dataIndex: 'priority_dictText', width: 90 },
    {
      title: t('page.columns.readFlag'),
      dataIndex: 'readFlag',
      width: 110,
      render: (value: '0' | '1') => (
        <Badge
          status={value === '1' ? 'default' : 'processing'}
          text={<span data-testid="read-flag">{value === '1' ? t('page.read') : t('page.unread')}</span>}
        />
      ),
    },
    {
      title: t('page.columns.action'),
      key: 'action',
      width: 90,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => view(row)} data-testid="announcement-view">
          {t('page.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="ics-user-announcements" data-testid="user-announcement-page">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        extra={
          <Space wrap>
            <Has action={ANNOUNCEMENT_MARKS.list}>
              <Link to="/system/announcement" data-testid="manage-announcements">
                {t('page.manage')}
              </Link>
            </Has>
            <Button onClick={() => void readAll()} data-testid="read-all">
              {t('page.readAll')}
            </Button>
          </Space>
        }
        search={{
          placeholder: t('page.search'),
          enterButton: t('page.query'),
          onSearch: (titile) => refine({ titile }),
        }}
        tabs={{
          items: [
            { key: 'all', label: t('page.all') },
            { key: '0', label: t('page.unread') },
            { key: '1', label: t('page.read') },
          ],
          activeKey: filter.readFlag,
          onChange: (key) => refine({ readFlag: key as ReadTab }),
        }}
        data-testid="user-announcement-header"
      />
      <Card>
        <Space wrap className="ics-user-announcements__filters">
          <span>{t('page.category')}</span>
          <DictSelect
            dictCode="msg_category"
            value={filter.msgCategory || undefined}
            onChange={(msgCategory) => refine({ msgCategory: msgCategory ?? '' })}
            placeholder={t('page.all')}
            style={{ width: 160 }}
            data-testid="announcement-category"
          />
        </Space>
        <Table<AnnouncementSendRecord>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.records ?? []}
          scroll={{ x: 800 }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('page.total', { total }),
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          data-testid="user-announcement-table"
        />
      </Card>
      <AnnouncementModal record={record} onClose={close} />
    </div>
  );
}
