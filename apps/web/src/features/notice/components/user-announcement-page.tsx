import { ANNOUNCEMENT_MARKS, type AnnouncementSendRecord } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Has } from '../../../shared/ui/has';
import { formatDate, truncate } from '../../../shared/utils/format';
import {
  fetchMyAnnouncements,
  MY_ANNOUNCEMENTS_KEY,
  markAllRead,
  USER_ANNOUNCEMENTS_KEY,
} from '../api/announcements';
import { useOpenNotice } from '../hooks/use-open-notice';
import '../locales';
import { AnnouncementModal } from './announcement-modal';

type Filter = { titile: string; readFlag: '' | '0' | '1' };

/** `/isps/userAnnouncement`: the user's announcements and system messages with their read state. */
export default function UserAnnouncementPage() {
  const { t } = useTranslation('notice');
  const { message } = App.useApp();
  const client = useQueryClient();
  const { record, open, close } = useOpenNotice();
  const [draft, setDraft] = useState<Filter>({ titile: '', readFlag: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: [...MY_ANNOUNCEMENTS_KEY, filter, page],
    queryFn: () =>
      fetchMyAnnouncements({
        ...page,
        ...(filter.titile.trim() ? { titile: filter.titile.trim() } : {}),
        ...(filter.readFlag ? { readFlag: filter.readFlag } : {}),
      }),
    staleTime: 0,
  });

  const readAll = async () => {
    await markAllRead();
    void message.success(t('page.readAllDone'));
    await Promise.all([
      client.invalidateQueries({ queryKey: MY_ANNOUNCEMENTS_KEY }),
      client.invalidateQueries({ queryKey: USER_ANNOUNCEMENTS_KEY }),
    ]);
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
    <Card
      title={t('page.title')}
      data-testid="user-announcement-page"
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
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          placeholder={t('page.search')}
          value={draft.titile}
          onChange={(e) => setDraft({ ...draft, titile: e.target.value })}
          onPressEnter={() => setFilter(draft)}
          style={{ width: 200 }}
          allowClear
        />
        <Select
          value={draft.readFlag}
          onChange={(readFlag: Filter['readFlag']) => setDraft({ ...draft, readFlag })}
          style={{ width: 120 }}
          options={[
            { value: '', label: t('page.all') },
            { value: '0', label: t('page.unread') },
            { value: '1', label: t('page.read') },
          ]}
          aria-label={t('page.readFlag')}
        />
        <Button
          type="primary"
          onClick={() => {
            setPage((p) => ({ ...p, pageNo: 1 }));
            setFilter(draft);
          }}
        >
          {t('page.query')}
        </Button>
        <Button
          onClick={() => {
            const empty: Filter = { titile: '', readFlag: '' };
            setDraft(empty);
            setFilter(empty);
          }}
        >
          {t('page.reset')}
        </Button>
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
      <AnnouncementModal record={record} onClose={close} />
    </Card>
  );
}
