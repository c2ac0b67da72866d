import {
  type CommandDto,
  type CommandStatus,
  commandNames,
  commandRoutes,
  commandText,
  describeCommand,
  reasonText,
  toLanguage,
} from '@ics/contract';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../shared/lib/time';
import { commandStatusColor } from '../../../shared/ui/command-status';
import {
  dateTimeRangeFilter,
  type FilterField,
  type ListColumn,
  ListPage,
} from '../../../shared/ui/list-page';
import '../locales';
import './device.css';
import { NoProjectNotice } from '../../lighting';

const COMMAND_STATUSES: readonly CommandStatus[] = ['pending', 'acked', 'failed', 'timeout'];
const at = (v: string | null) => formatInstant(v);

/** A date-time range as the command list's `from` / `to` (epoch ms). */
function timeWindow(value: unknown): Record<string, number | undefined> {
  const [from, to] = (value ?? []) as [Dayjs | null, Dayjs | null];
  return { from: from?.valueOf(), to: to?.valueOf() };
}

/** `lighting/CommandLog`: every command with its real outcome, searchable. */
export default function CommandLogPage() {
  const { t, i18n } = useTranslation('device');
  const lang = toLanguage(i18n.language);

  const filters: FilterField[] = [
    {
      name: 'cmd',
      label: t('command.cmd'),
      kind: 'select',
      input: (control) => (
        <Select
          {...(control as object)}
          allowClear
          showSearch
          style={{ width: 170 }}
          placeholder={t('command.cmd')}
          options={commandNames.map((c) => ({ value: c, label: commandText(c, lang) }))}
        />
      ),
    },
    {
      name: 'status',
      label: t('command.status'),
      kind: 'select',
      options: COMMAND_STATUSES.map((s) => ({ value: s, label: t(`control.statuses.${s}`) })),
    },
    { name: 'batchId', label: t('command.batch'), kind: 'text', raw: true },
    dateTimeRangeFilter('time', t('command.createTime'), timeWindow),
  ];

  const columns: ListColumn<CommandDto>[] = [
    { key: 'createTime', title: t('command.createTime'), width: 160, render: (v: string) => at(v) },
    { key: 'cmd', title: t('command.cmd'), width: 130, render: (c: string) => commandText(c, lang) },
    {
      key: 'target',
      title: t('command.target'),
      render: (_, c) => `${c.gatewaySn}${c.deviceAddress ? ` / ${c.deviceAddress}` : ''}`,
    },
    {
      key: 'params',
      title: t('command.params'),
      render: (p: Record<string, unknown>, c) => describeCommand(c.cmd, p, lang),
    },
    {
      key: 'status',
      title: t('command.status'),
      width: 100,
      render: (s: CommandStatus) => <Tag color={commandStatusColor[s]}>{t(`control.statuses.${s}`)}</Tag>,
    },
    { key: 'attempts', title: t('command.attempts'), width: 70 },
    { key: 'reason', title: t('command.reason'), render: (r: string | null) => reasonText(r, lang) || '—' },
    { key: 'ackTime', title: t('command.ackTime'), width: 160, render: (v: string | null) => at(v) },
    { key: 'createBy', title: t('command.createBy'), width: 90 },
  ];

  return (
    <div className="ics-device" data-testid="command-log">
      <NoProjectNotice />
      <ListPage<CommandDto>
        listKey="commands"
        routes={{ list: commandRoutes.list, exportXls: commandRoutes.exportXls }}
        columns={columns}
        filters={filters}
        size="small"
        defaultPageSize={20}
      />
    </div>
  );
}
