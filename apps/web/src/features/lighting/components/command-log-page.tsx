import type { CommandDto, CommandStatus } from '@ics/contract';
import { commandNames } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCommands } from '../api/commands';
import { useTableState } from '../hooks/use-table-state';
import '../locales';
import { statusColor } from './control-progress-drawer';
import './lighting.css';

type Filters = { cmd?: string; status?: CommandStatus; batchId?: string; from?: number; to?: number };

/** `lighting/CommandLog`: every command with its real outcome, searchable. */
export default function CommandLogPage() {
  const { t } = useTranslation('lighting');
  const table = useTableState<Filters>({}, 20);
  const [draft, setDraft] = useState<Filters>({});
  const commands = useQuery({
    queryKey: ['lighting', 'commands', table.query],
    queryFn: () => listCommands(table.query),
    placeholderData: (p) => p,
  });
  return (
    <div className="ics-lighting" data-testid="command-log">
      <Card size="small">
        <Space wrap>
          <Select
            allowClear
            showSearch
            style={{ width: 170 }}
            placeholder={t('command.cmd')}
            value={draft.cmd}
            onChange={(cmd) => setDraft({ ...draft, cmd })}
            options={commandNames.map((c) => ({ value: c, label: c }))}
          />
          <Select<CommandStatus>
            allowClear
            style={{ width: 130 }}
            placeholder={t('command.status')}
            value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })}
            options={(['pending', 'acked', 'failed', 'timeout'] as const).map((s) => ({
              value: s,
              label: t(`control.statuses.${s}`),
            }))}
          />
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('command.batch')}
            value={draft.batchId}
            onChange={(e) => setDraft({ ...draft, batchId: e.target.value || undefined })}
          />
          <DatePicker.RangePicker
            showTime
            onChange={(range) =>
              setDraft({
                ...draft,
                from: range?.[0]?.valueOf() ?? undefined,
                to: range?.[1]?.valueOf() ?? undefined,
              })
            }
          />
          <Button type="primary" onClick={() => table.setFilters(draft)}>
            {t('common.search')}
          </Button>
        </Space>
      </Card>
      <Table<CommandDto>
        rowKey="id"
        size="small"
        dataSource={commands.data?.records ?? []}
        loading={commands.isFetching && !commands.data}
        onChange={(p) => table.onTableChange(p, [])}
        scroll={{ x: 1100 }}
        pagination={{
          current: table.state.pageNo,
          pageSize: table.state.pageSize,
          total: commands.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
        }}
        columns={[
          {
            title: t('command.createTime'),
            dataIndex: 'createTime',
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            width: 160,
          },
          { title: t('command.cmd'), dataIndex: 'cmd', width: 130 },
          {
            title: t('command.target'),
            key: 'target',
            render: (_, c) => `${c.gatewaySn}${c.deviceAddress ? ` / ${c.deviceAddress}` : ''}`,
          },
          {
            title: t('command.params'),
            dataIndex: 'params',
            render: (p: object) => <code>{JSON.stringify(p)}</code>,
          },
          {
            title: t('command.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: CommandStatus) => <Tag color={statusColor[s]}>{t(`control.statuses.${s}`)}</Tag>,
          },
          { title: t('command.attempts'), dataIndex: 'attempts', width: 70 },
          { title: t('command.reason'), dataIndex: 'reason' },
          {
            title: t('command.ackTime'),
            dataIndex: 'ackTime',
            width: 160,
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—'),
          },
          { title: t('command.createBy'), dataIndex: 'createBy', width: 90 },
        ]}
      />
    </div>
  );
}
