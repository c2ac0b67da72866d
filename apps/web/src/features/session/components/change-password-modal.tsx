import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/auth/session-store';
import { updatePassword } from '../api/update-password';
import '../locales';

/** Width of the dialog (spec §9). */
export const PASSWORD_DIALOG_WIDTH = 800;

type Values = { oldpassword: string; password: string; confirmpassword: string };

/**
 * Change-password dialog (spec §2, §5): old, new and confirmation, all required; the
 * confirmation must equal the new password. Refused without a signed-in user. Success shows
 * the server's message and closes; a failure shows its message as a warning.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('session');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const username = useSession((s) => s.userInfo?.username);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const handleOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!username) {
      void message.warning(t('password.noUser'));
      return;
    }
    setSubmitting(true);
    const answer = await updatePassword({ username, ...values });
    setSubmitting(false);
    if (answer.success) {
      void message.success(answer.message || t('password.success'));
      close();
    } else {
      void message.warning(answer.message || t('password.failure'));
    }
  };

  return (
    <Modal
      title={t('password.title')}
      open={open}
      width={PASSWORD_DIALOG_WIDTH}
      confirmLoading={submitting}
      onOk={() => void handleOk()}
      onCancel={close}
      destroyOnHidden
      data-testid="password-dialog"
    >
      <Form
        form={form}
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
      >
        <Form.Item
          name="oldpassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          rules={[{ required: true, message: t('password.newRequired') }]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
