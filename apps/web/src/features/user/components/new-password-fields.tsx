import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../../../shared/ui/form';
import '../locales';

/**
 * A new password and its repetition (fields `password` and `confirmpassword`), for a new user
 * and for an administrator's reset.
 */
export function NewPasswordFields({
  label,
  span,
  testId,
}: {
  label: string;
  /** Each field in a column of this span (the fields sit in a grid row). */
  span?: number;
  /** Prefix of the inputs' test ids (`<testId>-password`, `<testId>-confirm`). */
  testId?: string;
}) {
  const { t } = useTranslation('user');
  const rules = useFormRules();
  const cell = (node: ReactNode) => (span ? <Col span={span}>{node}</Col> : node);
  return (
    <>
      {cell(
        <Form.Item
          name="password"
          label={label}
          rules={[rules.required('form.password.min'), rules.length(6, 128, 'form.password.min')]}
        >
          <Input.Password autoComplete="new-password" data-testid={testId && `${testId}-password`} />
        </Form.Item>,
      )}
      {cell(
        <Form.Item
          name="confirmpassword"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={[
            rules.required('form.password.mismatch'),
            rules.sameAs('password', 'form.password.mismatch'),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid={testId && `${testId}-confirm`} />
        </Form.Item>,
      )}
    </>
  );
}
