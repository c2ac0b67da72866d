import { BellOutlined } from '@ant-design/icons';
import type { Announcement } from '@ics/contract';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBell } from '../../../shared/ui/header-bell';
import { formatDate, truncate } from '../../../shared/utils/format';
import { useUserAnnouncements } from '../api/get-user-announcements';
import { useOpenNotice } from '../hooks/use-open-notice';
import '../locales';
import { AnnouncementModal } from './announcement-modal';
import './notice.css';

/** Width of the popover (spec §9). */
export const NOTICE_POPOVER_WIDTH = 300;

function NoticeList({
  items,
  onOpen,
  testId,
}: {
  items: readonly Announcement[];
  onOpen: (item: Announcement) => void;
  testId: string;
}) {
  const { t } = useTranslation('announcement');
  if (!items.length) return <div className="ics-notice-empty">{t('bell.empty')}</div>;
  return (
    <div className="ics-notice-list" data-testid={testId}>
      {items.map((item) => (
        <button
          type="button"
          key={item.id}
          className="ics-notice-item"
          onClick={() => onOpen(item)}
          data-testid="notice-item"
        >
          <span className="ics-notice-item__title" title={item.titile}>
            {truncate(item.titile)}
          </span>
          <span className="ics-notice-item__meta">
            {item.sender ?? ''} · {formatDate(item.sendTime)}
          </span>
        </button>
      ))}
    </div>
  );
}

/**
 * The header bell (spec §2): the unread count, a popover with announcements and system
 * messages, and the viewer. Counts refresh by polling and on pushes over the WebSocket.
 */
export function NoticeBell() {
  const { t } = useTranslation('announcement');
  const { data, isPending } = useUserAnnouncements();
  const { record, open, close } = useOpenNotice();
  const [visible, setVisible] = useState(false);
  const annt = data?.anntMsgTotal ?? 0;
  const sys = data?.sysMsgTotal ?? 0;

  const openItem = (item: Announcement) => {
    setVisible(false);
    open({ ...item, anntId: item.id });
  };

  return (
    <>
      <HeaderBell
        icon={BellOutlined}
        count={annt + sys}
        countPending={isPending}
        label={t('bell.label')}
        className="ics-notice-bell"
        open={visible}
        onOpenChange={setVisible}
        loading={isPending}
        width={NOTICE_POPOVER_WIDTH}
        more={{ to: '/isps/userAnnouncement', text: t('bell.more'), className: 'ics-notice-more' }}
        testId="notice-bell"
        partsTestId="notice"
        popover={{ classNames: { root: 'ics-notice-popover' }, arrow: { pointAtCenter: true } }}
      >
        <Tabs
          centered
          items={[
            {
              key: 'annt',
              label: t('bell.announcements', { count: annt }),
              children: (
                <NoticeList items={data?.anntMsgList ?? []} onOpen={openItem} testId="notice-annt-list" />
              ),
            },
            {
              key: 'sys',
              label: t('bell.system', { count: sys }),
              children: (
                <NoticeList items={data?.sysMsgList ?? []} onOpen={openItem} testId="notice-sys-list" />
              ),
            },
          ]}
        />
      </HeaderBell>
      <AnnouncementModal record={record} onClose={close} />
    </>
  );
}
