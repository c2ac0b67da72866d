import type { UserRecord } from '@ics/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useEntityForm } from '../../../shared/ui/form';
import { resetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

type Values = { password: string; confirmpassword: string };

/** An administrator sets another user's password. */
export function ResetPasswordModal({ user, onClose }: { user: UserRecord | null; onClose(): void }) {
  const { t } = useTranslation('user');
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
      <NewPasswordFields label={t('newPassword')} />
    </EntityFormModal>
  );
}
