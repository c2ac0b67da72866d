import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';

/** Asks for a comment before an action on alarms (acknowledge, resolve); confirms or cancels. */
export function CommentDialog({
  open,
  title,
  hint,
  busy,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  hint?: string;
  busy: boolean;
  onOk: (comment: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('alarm');
  const [comment, setComment] = useState('');
  useEffect(() => {
    if (open) setComment('');
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => onOk(comment.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Input.TextArea
        aria-label={t('common.comment')}
        data-testid="alarm-comment-input"
        value={comment}
        maxLength={500}
        showCount
        rows={3}
        autoFocus
        placeholder={t('common.commentPlaceholder')}
        onChange={(e) => setComment(e.target.value)}
      />
    </Modal>
  );
}
