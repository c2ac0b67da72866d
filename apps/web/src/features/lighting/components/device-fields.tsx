import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import '../locales';

/** The required name (up to 100 characters) of a group, cabinet or circuit. */
export function NameField() {
  const { t } = useTranslation('lighting');
  return (
    <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 100 }]}>
      <Input />
    </Form.Item>
  );
}

/** The free remark (up to 500 characters) of a group or cabinet. */
export function RemarkField() {
  const { t } = useTranslation('lighting');
  return (
    <Form.Item name="remark" label={t('common.remark')}>
      <Input.TextArea maxLength={500} />
    </Form.Item>
  );
}
