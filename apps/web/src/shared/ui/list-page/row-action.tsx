import Button from 'antd/es/button';
import type { ReactNode } from 'react';
import { useHas } from '../has';

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
