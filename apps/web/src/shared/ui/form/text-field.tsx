import Form, { type FormItemProps } from 'antd/es/form';
import Input, { type InputProps } from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useFormRules } from './use-form-rules';

export type TextFieldProps = FormItemProps & {
  /** Test id of the input. */
  testId?: string;
  /** Props of the input itself. */
  input?: InputProps;
};

/** A form item holding a text input, the commonest field of the add/edit dialogs. */
export function TextField({ testId, input, ...item }: TextFieldProps) {
  return (
    <Form.Item {...item}>
      <Input data-testid={testId} {...input} />
    </Form.Item>
  );
}

/** A sort order: a whole number from 0 (the server's limit), across the dialog's width. */
export function SortOrderField({ name, label }: { name: string; label: string }) {
  const rules = useFormRules();
  return (
    <Form.Item name={name} label={label} rules={[rules.range(0, 1_000_000_000, 'form.positive_int', true)]}>
      <InputNumber style={{ width: '100%' }} />
    </Form.Item>
  );
}
