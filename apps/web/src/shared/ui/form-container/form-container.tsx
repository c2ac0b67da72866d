import Button from 'antd/es/button';
import Card from 'antd/es/card';
import ConfigProvider from 'antd/es/config-provider';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../widgets-locales';
import './form-container.css';

/** `detail` shows the values read-only; `edit` lets them change and offers submit/cancel. */
export type FormContainerMode = 'detail' | 'edit';

export type FormContainerProps = {
  title?: ReactNode;
  mode: FormContainerMode;
  /** The values are still loading: a spinner stands in for the form. */
  loading?: boolean;
  /** Nothing to show (e.g. the record is gone): an empty state stands in for the form. */
  empty?: boolean;
  emptyText?: ReactNode;
  /** A submit is in flight: the submit button spins and cannot be pressed again. */
  saving?: boolean;
  onSubmit?: () => void;
  onCancel?: () => void;
  submitText?: ReactNode;
  cancelText?: ReactNode;
  /** Actions in the title bar (e.g. an "edit" switch). */
  extra?: ReactNode;
  /** Without a frame, for forms already inside a dialog or drawer. */
  bordered?: boolean;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * The frame of a detail or edit form (the spec's form container, upstream `j-form-container`):
 * a title, loading and empty states, and a footer with submit and cancel. In detail mode every
 * input inside is disabled, antd controls through ConfigProvider and native ones through the
 * disabled fieldset, so one form serves both reading and editing.
 */
export function FormContainer({
  title,
  mode,
  loading = false,
  empty = false,
  emptyText,
  saving = false,
  onSubmit,
  onCancel,
  submitText,
  cancelText,
  extra,
  bordered = true,
  children,
  'data-testid': testId = 'form-container',
}: FormContainerProps) {
  const { t } = useTranslation('widgets');
  const detail = mode === 'detail';
  const body = loading ? (
    <div className="ics-form-container__state" data-testid={`${testId}-loading`}>
      <Spin />
    </div>
  ) : empty ? (
    <Empty
      className="ics-form-container__state"
      description={emptyText ?? t('formContainer.empty')}
      data-testid={`${testId}-empty`}
    />
  ) : (
    <ConfigProvider componentDisabled={detail}>
      <fieldset className="ics-form-container__fields" disabled={detail} data-mode={mode}>
        {children}
      </fieldset>
    </ConfigProvider>
  );
  const showFooter = !detail && !loading && !empty && (onSubmit || onCancel);
  const footer = showFooter ? (
    <Space className="ics-form-container__footer">
      {onCancel ? (
        <Button onClick={onCancel} data-testid={`${testId}-cancel`}>
          {cancelText ?? t('formContainer.cancel')}
        </Button>
      ) : null}
      {onSubmit ? (
        <Button
          type="primary"
          loading={saving}
          disabled={saving}
          onClick={onSubmit}
          data-testid={`${testId}-submit`}
        >
          {submitText ?? t('formContainer.submit')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  const className = `ics-form-container ics-form-container--${mode}`;
  if (!bordered)
    return (
      <div className={className} data-testid={testId} data-mode={mode}>
        {title || extra ? (
          <div className="ics-form-container__head">
            <div className="ics-form-container__title">{title}</div>
            {extra}
          </div>
        ) : null}
        {body}
        {footer}
      </div>
    );
  return (
    <Card className={className} title={title} extra={extra} data-testid={testId} data-mode={mode}>
      {body}
      {footer}
    </Card>
  );
}
