import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHas } from '../has';
import './locales';

export type RowActionProps = {
  label: ReactNode;
  onClick: () => unknown;
  /** The button mark it needs; without it the action is shown to everybody. */
  mark?: string;
  testId?: string;
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
};

/** A link in a row's actions column, hidden from users without its mark. */
export function RowAction({ label, onClick, mark, testId, danger, disabled, loading }: RowActionProps) {
  const has = useHas();
  if (mark && !has(mark)) return null;
  return (
    <Button
      type="link"
      size="small"
      danger={danger}
      disabled={disabled}
      loading={loading}
      onClick={() => void onClick()}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/** A row's edit link, with the common label. */
export function RowEdit(props: Omit<RowActionProps, 'label'>) {
  const { t } = useTranslation('crud');
  return <RowAction {...props} label={t('edit')} />;
}

export type RowConfirmProps = Omit<RowActionProps, 'onClick' | 'disabled' | 'loading'> & {
  /** The question the user confirms. */
  title: ReactNode;
  onConfirm: () => unknown;
  okText?: string;
  cancelText?: string;
  /** The confirming button is red (a deletion). */
  okDanger?: boolean;
};

/** A row's link that acts only once the user confirmed it in a popover. */
export function RowConfirm({
  label,
  onConfirm,
  mark,
  testId,
  danger,
  title,
  okText,
  cancelText,
  okDanger,
}: RowConfirmProps) {
  const has = useHas();
  if (mark && !has(mark)) return null;
  return (
    <Popconfirm
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={okDanger ? { danger: true } : undefined}
      onConfirm={async () => {
        await onConfirm();
      }}
    >
      <Button type="link" size="small" danger={danger} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
