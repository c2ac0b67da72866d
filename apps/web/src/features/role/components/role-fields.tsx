import type { Rule } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { TextField, useFormRules } from '../../../shared/ui/form';

/**
 * The fields of a role's add/edit form (name, code, description), for the system roles and
 * the departments' own roles.
 */
export function RoleFields({
  label,
  testId,
  codeCheck,
}: {
  label: (field: 'roleName' | 'roleCode' | 'common.description') => string;
  /** Prefix of the inputs' test ids (`<testId>-roleName`, `<testId>-roleCode`). */
  testId: string;
  /** A server check of the code, run (debounced) after the code's own rules. */
  codeCheck?: Rule;
}) {
  const rules = useFormRules();
  return (
    <>
      <TextField
        name="roleName"
        label={label('roleName')}
        rules={[rules.required('form.role_name.length'), rules.length(2, 30, 'form.role_name.length')]}
        testId={`${testId}-roleName`}
      />
      <TextField
        name="roleCode"
        label={label('roleCode')}
        {...(codeCheck ? { validateFirst: true, validateDebounce: 400 } : {})}
        rules={[
          rules.required('form.role_code.required'),
          rules.max(64),
          rules.notPattern(/[\u4e00-\u9fa5]/, 'form.role_code.chinese'),
          ...(codeCheck ? [codeCheck] : []),
        ]}
        testId={`${testId}-roleCode`}
      />
      <Form.Item name="description" label={label('common.description')} rules={[rules.max(255)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </>
  );
}
