import type { Announcement } from '@ics/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type DetailItem, DetailList } from '../../../shared/ui/detail-list';
import { formatDate } from '../../../shared/utils/format';
import '../locales';
import { noticeDetailLoader } from '../../../shared/ui/notice-detail';
import { sanitizeHtml } from '../utils/sanitize-html';
import './notice.css';

/** What the detail shows; announcements of the bell and rows of the user's list both fit. */
export type NoticeRecord = Pick<
  Announcement,
  'titile' | 'sender' | 'sendTime' | 'msgContent' | 'openType' | 'openPage' | 'busId'
> & {
  anntId: string;
  /** Texts of the category and priority dictionaries, when the source has them. */
  msgCategory_dictText?: string;
  priority_dictText?: string;
};

/** Sender, send time, category and priority of an announcement, as terms of a detail list. */
function noticeFacts(record: NoticeRecord, t: TFunction<'announcement'>): DetailItem[] {
  const fact = (key: string, term: string, content: string | null | undefined) => ({
    key,
    term,
    content: <span data-testid={`announcement-${key}`}>{content || '-'}</span>,
  });
  return [
    fact('sender', t('detail.sender'), record.sender),
    fact('sendTime', t('detail.sendTime'), formatDate(record.sendTime)),
    ...(record.msgCategory_dictText
      ? [fact('category', t('detail.category'), record.msgCategory_dictText)]
      : []),
    ...(record.priority_dictText ? [fact('priority', t('detail.priority'), record.priority_dictText)] : []),
  ];
}

/**
 * The announcement viewer (spec §2): title, sender, send time and sanitised HTML content with a
 * close button; "go handle" leads to openPage for openType url. For openType component the
 * registered detail component opens instead, with the busId.
 */
export function AnnouncementModal({ record, onClose }: { record: NoticeRecord | null; onClose: () => void }) {
  const { t } = useTranslation('announcement');
  const navigate = useNavigate();
  const html = useMemo(() => sanitizeHtml(record?.msgContent), [record?.msgContent]);
  const loader = record?.openType === 'component' ? noticeDetailLoader(record.openPage) : undefined;
  const Detail = useMemo(() => (loader ? lazy(loader) : null), [loader]);

  if (record && Detail) {
    return (
      <Modal
        open
        title={record.titile}
        width={900}
        onCancel={onClose}
        footer={null}
        data-testid="notice-component"
      >
        <Suspense fallback={<Spin />}>
          <Detail id={record.busId} />
        </Suspense>
      </Modal>
    );
  }

  const handle = () => {
    const target = record?.openPage?.trim();
    if (!target) return;
    onClose();
    if (/^https?:\/\//i.test(target)) window.open(target, '_blank', 'noopener');
    else navigate(target.startsWith('/') ? target : `/${target}`);
  };

  return (
    <Modal
      open={record !== null}
      title={t('detail.title')}
      width={800}
      onCancel={onClose}
      destroyOnHidden
      data-testid="announcement-modal"
      footer={[
        record?.openType === 'url' && record.openPage ? (
          <Button key="handle" type="primary" onClick={handle} data-testid="announcement-handle">
            {t('detail.handle')}
          </Button>
        ) : null,
        <Button key="close" onClick={onClose} data-testid="announcement-close">
          {t('detail.close')}
        </Button>,
      ]}
    >
      {record ? (
        <article className="ics-notice-detail">
          <h2 className="ics-notice-detail__title" data-testid="announcement-title">
            {record.titile}
          </h2>
          <DetailList col={4} items={noticeFacts(record, t)} data-testid="announcement-facts" />
          <div
            className="ics-notice-detail__content"
            data-testid="announcement-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: content passes sanitizeHtml (and the server's sanitiser)
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </article>
      ) : null}
    </Modal>
  );
}
