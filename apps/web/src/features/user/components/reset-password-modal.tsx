import type { UserRecord } from '@ics/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useEntityForm, useFormRules } from '../../../shared/ui/form';
import { resetPassword } from '../api/reset-password';

type Values = { password: string; confirmpassword: string };

/** An administrator sets another user's password. */
export function ResetPasswordModal({ user, onClose }: { user: UserRecord | null; onClose(): void }) {
  const { t } = useTranslation('user');
  const rules = useFormRules();
  const form = useEntityForm<UserRecord, Values>({
    toValues: () => ({}),
    edit: (v, record) => resetPassword({ username: record.username, ...v }),
    onSaved: onClose,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per chosen user
  useEffect(() => {
    if (user) void form.open(user);
  }, [user]);

  return (
    <EntityFormModal
      state={{
        ...form.modalProps,
        onCancel: () => {
          form.close();
          onClose();
        },
      }}
      title={{ add: '', edit: t('resetPasswordTitle', { username: user?.username ?? '' }) }}
      width={480}
      testId="reset-password-form"
    >
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={[rules.required('form.password.min'), rules.length(6, 128, 'form.password.min')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          rules.required('form.password.mismatch'),
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value !== getFieldValue('password'))
                throw new Error(rules.text('form.password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </EntityFormModal>
  );
}
