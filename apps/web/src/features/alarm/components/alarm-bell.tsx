import { AlertOutlined } from '@ant-design/icons';
import { type AlarmDto, alarmCodeText, alarmRoutes, toLanguage } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, unwrap } from '../../../shared/lib/http';
import { HeaderBell } from '../../../shared/ui/header-bell';
import { useAlarmCounts } from '../api/alarms';
import { useAlarmLive } from '../hooks/use-alarm-live';
import { formatTime } from '../utils/labels';
import { SeverityTag } from './severity-tag';
import '../locales';
import './alarm.css';

/** How many of the newest active alarms the bell lists. */
const BELL_LIST_SIZE = 5;
/** The count is asked for again this often besides every push. */
const POLL_MS = 60_000;

/**
 * The header's alarm bell: the count of open (unacknowledged) alarms, the newest active ones in
 * a popover, and a link to the alarm list. Pushes over the console socket refresh both at once.
 */
export function AlarmBell() {
  const { t, i18n } = useTranslation('alarm');
  const lang = toLanguage(i18n.language);
  const [visible, setVisible] = useState(false);
  const counts = useAlarmCounts();
  const latest = useQuery({
    queryKey: ['alarm', 'latest'],
    queryFn: async () =>
      unwrap(
        await call(alarmRoutes.list, {
          query: { status: 'active', pageNo: 1, pageSize: BELL_LIST_SIZE, column: 'lastAt', order: 'desc' },
        }),
      ).records,
    refetchInterval: POLL_MS,
  });
  useAlarmLive();
  const open = counts.data?.open ?? 0;
  const alarms: AlarmDto[] = latest.data ?? [];

  return (
    <HeaderBell
      icon={AlertOutlined}
      count={open}
      countPending={counts.isPending}
      label={`${t('bell.label')} · ${t('bell.open', { count: open })}`}
      className="ics-alarm-bell"
      open={visible}
      onOpenChange={setVisible}
      loading={latest.isPending}
      width={320}
      more={{ to: '/alarm/list', text: t('bell.more'), className: 'ics-alarm-bell__more' }}
      testId="alarm-bell"
      partsTestId="alarm-bell"
    >
      {alarms.length === 0 ? (
        <div className="ics-alarm-bell__empty">{t('bell.empty')}</div>
      ) : (
        <ul className="ics-alarm-bell__list" data-testid="alarm-bell-list">
          {alarms.map((a) => (
            <li key={a.id} className="ics-alarm-bell__item">
              <SeverityTag severity={a.severity} />
              <span className="ics-alarm-bell__text">
                {a.sourceName ?? a.sourceId} · {alarmCodeText(a.code, lang)}
              </span>
              <span className="ics-alarm-bell__time">{formatTime(a.lastAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </HeaderBell>
  );
}
