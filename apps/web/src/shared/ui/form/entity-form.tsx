import type { Envelope } from '@ics/contract';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Form, { type FormInstance } from 'antd/es/form';
import Modal from 'antd/es/modal';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/http';
import '../list-page/locales';
import { serverFieldName } from './form-rules';

/** Statuses a form shows itself (on a field or above the form) instead of a global notice. */
export const FORM_ERROR_STATUSES = [400, 403, 409] as const;

type Values = Record<string, unknown>;

export type EntityFormOptions<T, V extends Values> = {
  add?: (values: V) => Promise<Envelope<unknown>>;
  edit?: (values: V, record: T) => Promise<Envelope<unknown>>;
  /** Form values of a record being edited (may load more, such as a user's roles). */
  toValues?: (record: T) => Partial<V> | Promise<Partial<V>>;
  /** Values of a new record. */
  defaults?: Partial<V> | (() => Partial<V>);
  onSaved?: () => unknown;
  /** Server error codes that belong to a field (`auth.username_taken` → `username`). */
  errorFields?: Record<string, string>;
};

export type EntityFormState<T, V extends Values> = {
  form: FormInstance<V>;
  /** The record being edited; null when adding. */
  record: T | null;
  isOpen: boolean;
  open(record?: T | null, defaults?: Partial<V>): Promise<void>;
  close(): void;
  modalProps: EntityFormModalState;
};

type EntityFormModalState = {
  open: boolean;
  editing: boolean;
  saving: boolean;
  error: string | null;
  form: FormInstance;
  onOk(): void;
  onCancel(): void;
};

/**
 * Add/edit state of an entity form: opens with a record's values (or defaults), validates on
 * the client, sends add or edit, and shows the server's refusal on its field (400 with
 * `result.field`, or a known error code) or above the form.
 */
export function useEntityForm<T, V extends Values = Values>(
  options: EntityFormOptions<T, V>,
): EntityFormState<T, V> {
  const [form] = Form.useForm<V>();
  const { message } = App.useApp();
  const { t } = useTranslation('crud');
  const [record, setRecord] = useState<T | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async (next?: T | null, extra?: Partial<V>) => {
    setRecord(next ?? null);
    setError(null);
    form.resetFields();
    const defaults = typeof options.defaults === 'function' ? options.defaults() : options.defaults;
    const values = next ? await options.toValues?.(next) : defaults;
    form.setFieldsValue({ ...(values ?? (next as Partial<V>) ?? {}), ...extra } as never);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const onOk = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const send = record ? options.edit : options.add;
    if (!send) return;
    setSaving(true);
    setError(null);
    try {
      const envelope = await send({ ...form.getFieldsValue(true), ...values } as V, record as T);
      message.success(envelope.message || t('saved'));
      setOpen(false);
      await options.onSaved?.();
    } catch (failure) {
      const text = errorMessage(failure, t('submitFailed'));
      const result = isApiError(failure) ? (failure.envelope?.result as { field?: unknown } | null) : null;
      const code = isApiError(failure) ? failure.errorCode : undefined;
      const name =
        serverFieldName(result?.field) ??
        (code && options.errorFields?.[code] ? [options.errorFields[code]] : undefined);
      if (name && String(name[0]) in (form.getFieldsValue() as Values)) {
        form.setFields([{ name: name as never, errors: [text] }]);
      } else {
        setError(text);
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    record,
    isOpen,
    open,
    close,
    modalProps: {
      open: isOpen,
      editing: record !== null,
      saving,
      error,
      form: form as FormInstance,
      onOk: () => void onOk(),
      onCancel: close,
    },
  };
}

/** The add/edit dialog around a vertical antd form. */
export function EntityFormModal({
  state,
  title,
  children,
  width = 640,
  testId,
  initialValues,
}: {
  state: EntityFormModalState;
  title?: { add: string; edit: string };
  children: ReactNode;
  width?: number;
  testId?: string;
  initialValues?: Values;
}) {
  const { t } = useTranslation('crud');
  // Escape closes the dialog wherever the focus is (it may still be on the button that opened
  // it); an open dropdown inside takes its Escape first.
  const { open, onCancel } = state;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (
        document.querySelector(
          '.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
        )
      )
        return;
      onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onCancel]);
  return (
    <Modal
      open={state.open}
      title={state.editing ? (title?.edit ?? t('editTitle')) : (title?.add ?? t('addTitle'))}
      width={width}
      onOk={state.onOk}
      onCancel={state.onCancel}
      confirmLoading={state.saving}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': testId ? `${testId}-submit` : undefined } as never}
      forceRender
      maskClosable={false}
    >
      <div data-testid={testId}>
        {state.error && (
          <Alert
            type="error"
            showIcon
            message={state.error}
            style={{ marginBottom: 16 }}
            data-testid={testId ? `${testId}-error` : undefined}
          />
        )}
        {/* A form name prefixes the field ids, so that they differ from the list filter's. */}
        <Form
          form={state.form}
          name={testId ?? 'entity-form'}
          layout="vertical"
          initialValues={initialValues}
        >
          {children}
        </Form>
      </div>
    </Modal>
  );
}

/**
 * `toValues` of a form whose fields are the record's own fields of the same names (a missing
 * value, null, shows as an empty field).
 */
export function recordValues<T extends object, V extends Values>(...fields: (keyof T & keyof V & string)[]) {
  return (record: T): Partial<V> =>
    Object.fromEntries(fields.map((f) => [f, record[f] ?? undefined])) as Partial<V>;
}
