import Form, { type FormItemProps } from 'antd/es/form';
import Input, { type InputProps } from 'antd/es/input';

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
