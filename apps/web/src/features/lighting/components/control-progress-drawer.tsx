import {
  type CommandStatus,
  type ControlJobDto,
  type ControlOutcome,
  reasonText,
  toLanguage,
} from '@ics/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Progress from 'antd/es/progress';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandStatusColor } from '../../../shared/ui/command-status';
import type { useControl } from '../hooks/use-control';

/** Opens the progress of the last control again, once there is one. */
export function ShowProgressButton({
  control,
}: {
  control: Pick<ReturnType<typeof useControl>, 'job' | 'openDrawer'>;
}) {
  const { t } = useTranslation('lighting');
  return control.job ? <Button onClick={control.openDrawer}>{t('control.showProgress')}</Button> : null;
}

/** What a job did, in words: a schedule push, or the control with its level ("Dim 30%"). */
export function jobTitle(
  job: Pick<ControlJobDto, 'source' | 'action' | 'level'>,
  t: TFunction<'lighting'>,
): string {
  if (job.source === 'push') return t('control.jobTitles.push');
  const action = (['on', 'off', 'dim'] as const).find((a) => a === job.action);
  const name = action ? t(`control.${action}`) : t('control.title');
  return job.level !== null && job.action !== 'off' ? `${name} ${job.level}%` : name;
}

/** A job's outcomes as they arrive: counts, a progress bar and one row per device. */
export function ControlProgressDrawer({
  job,
  open,
  onClose,
}: {
  job: ControlJobDto | null;
  open: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('lighting');
  const lang = toLanguage(i18n.language);
  const [filter, setFilter] = useState<CommandStatus | 'all'>('all');
  const outcomes = useMemo(
    () => (job?.outcomes ?? []).filter((o) => filter === 'all' || o.status === filter),
    [job, filter],
  );
  const finished = job ? job.acked + job.failed + job.timeout : 0;
  const percent = job && job.total > 0 ? Math.round((finished / job.total) * 100) : job?.done ? 100 : 0;
  return (
    <Drawer
      title={`${t('control.progress')}${job ? ` · ${jobTitle(job, t)}` : ''}`}
      open={open}
      onClose={onClose}
      size={560}
      data-testid="control-progress"
    >
      {job && (
        <>
          <Progress
            percent={percent}
            success={{ percent: job.total ? Math.round((job.acked / job.total) * 100) : 0 }}
            status={job.done ? (job.failed + job.timeout > 0 ? 'exception' : 'success') : 'active'}
          />
          <p data-testid="control-counts" data-done={job.done ? '1' : '0'}>
            <Tag color={job.done ? 'green' : 'blue'}>
              {job.done ? t('control.done') : t('control.running')}
            </Tag>
            {t('control.counts', job)}
          </p>
          {job.rejected.length > 0 && (
            <Alert type="warning" showIcon title={t('control.rejected', { count: job.rejected.length })} />
          )}
          <Segmented
            style={{ margin: '8px 0' }}
            value={filter}
            onChange={(v) => setFilter(v as CommandStatus | 'all')}
            options={[
              { value: 'all', label: t('common.all') },
              ...(['pending', 'acked', 'failed', 'timeout'] as const).map((s) => ({
                value: s,
                label: `${t(`control.statuses.${s}`)} ${job[s]}`,
              })),
            ]}
          />
          <Table<ControlOutcome>
            size="small"
            rowKey="commandId"
            dataSource={outcomes}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            columns={[
              {
                title: t('control.device'),
                key: 'device',
                render: (_, o) => o.deviceName ?? o.address ?? o.deviceId ?? o.gatewayId,
              },
              {
                title: t('control.status'),
                dataIndex: 'status',
                render: (s: CommandStatus, o) => (
                  <Tag
                    color={commandStatusColor[s]}
                    data-testid={`outcome-${s}`}
                    data-device={o.deviceId ?? ''}
                  >
                    {t(`control.statuses.${s}`)}
                  </Tag>
                ),
              },
              {
                title: t('control.reason'),
                dataIndex: 'reason',
                render: (r: string | null) => reasonText(r, lang),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
