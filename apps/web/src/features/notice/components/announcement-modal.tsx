import type { Announcement } from '@ics/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../shared/utils/format';
import '../locales';
import { sanitizeHtml } from '../utils/sanitize-html';
import { noticeDetailLoader } from './detail-components';
import './notice.css';

/** What the detail shows; announcements of the bell and rows of the user's list both fit. */
export type NoticeRecord = Pick<
  Announcement,
  'titile' | 'sender' | 'sendTime' | 'msgContent' | 'openType' | 'openPage' | 'busId'
> & { anntId: string };

/**
 * The announcement viewer (spec §2): title, sender, send time and sanitised HTML content with a
 * close button; "go handle" leads to openPage for openType url. For openType component the
 * registered detail component opens instead, with the busId.
 */
export function AnnouncementModal({ record, onClose }: { record: NoticeRecord | null; onClose: () => void }) {
  const { t } = useTranslation('notice');
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
          <p className="ics-notice-detail__meta">
            <span>
              {t('detail.sender')}
              {record.sender ?? '-'}
            </span>
            <span>
              {t('detail.sendTime')}
              {formatDate(record.sendTime) || '-'}
            </span>
          </p>
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
