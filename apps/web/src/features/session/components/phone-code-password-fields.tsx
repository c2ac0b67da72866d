import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { type SmsPurpose, sendSms } from '../api/send-sms';
import '../locales';
import { PASSWORD_MIN, PHONE_PATTERN, SMS_PATTERN } from './patterns';
import { SmsCodeButton } from './sms-code-button';

/** The form values this block owns. */
export type PhoneCodePasswordValues = { mobile: string; smsCode: string; password: string; confirm: string };

/**
 * Phone number, one-time code (with its send button), password and confirmation: the block the
 * register and password-reset pages share. It sits inside their antd Form. `texts` names the
 * page's locale section for the placeholders; `passwordFirst` keeps register's order (password
 * above the phone). A failed send is handed to `onSendError` (null when a new send starts).
 */
export function PhoneCodePasswordFields({
  purpose,
  texts,
  passwordFirst = false,
  onSendError,
}: {
  purpose: SmsPurpose;
  texts: 'register' | 'alteration';
  passwordFirst?: boolean;
  onSendError: (error: Error | null) => void;
}) {
  const { t } = useTranslation('session');
  const form = Form.useFormInstance<PhoneCodePasswordValues>();

  const handleSendSms = async (): Promise<boolean> => {
    try {
      await form.validateFields(['mobile']);
      onSendError(null);
      await sendSms(form.getFieldValue('mobile').trim(), purpose);
      return true;
    } catch (e) {
      // A rejected validation is shown on the field itself; only send failures go up.
      if (e instanceof Error) onSendError(e);
      return false;
    }
  };

  const phone = (
    <>
      <Form.Item
        name="mobile"
        rules={[
          { required: true, message: t('rules.mobile') },
          { pattern: PHONE_PATTERN, message: t('rules.mobile') },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t(`${texts}.mobile`)}
          autoComplete="tel"
          maxLength={11}
        />
      </Form.Item>
      <div className="ics-auth-page__row">
        <Form.Item
          name="smsCode"
          className="ics-auth-page__grow"
          rules={[{ required: true, pattern: SMS_PATTERN, message: t('rules.smsCode') }]}
        >
          <Input
            prefix={<SafetyCertificateOutlined />}
            placeholder={t(`${texts}.smsCode`)}
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Form.Item>
        <div className="ics-auth-page__side">
          <SmsCodeButton onSend={handleSendSms} />
        </div>
      </div>
    </>
  );

  const password = (
    <>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('rules.password') },
          { min: PASSWORD_MIN, message: t('rules.passwordMin') },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t(`${texts}.password`)}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: t('rules.confirm') },
          ({ getFieldValue }) => ({
            validator: (_, value?: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('rules.mismatch'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t(`${texts}.confirm`)}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );

  return passwordFirst ? (
    <>
      {password}
      {phone}
    </>
  ) : (
    <>
      {phone}
      {password}
    </>
  );
}
