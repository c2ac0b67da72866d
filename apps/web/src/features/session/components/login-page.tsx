import { LockOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { usePlatformSettings } from '../../../shared/hooks/use-platform-settings';
import { startSession } from '../../../shared/lib/auth/session-store';
import { errorMessage } from '../../../shared/lib/http';
import { safeRedirect } from '../../../shared/utils/safe-redirect';
import { newCaptchaKey } from '../api/get-captcha';
import { captchaDemanded, login } from '../api/login';
import { phoneLogin } from '../api/phone-login';
import { sendSms } from '../api/send-sms';
import '../locales';
import { AuthAlert } from './auth-alert';
import { CaptchaImage } from './captcha-image';
import './auth-pages.css';
import {
  fieldsOf,
  type LoginErrors,
  type LoginField,
  type LoginFields,
  type LoginMode,
  validateField,
  validateLogin,
} from './login-validation';
import { SmsCodeButton } from './sms-code-button';

const EMPTY: LoginFields = { username: '', password: '', captcha: '', mobile: '', smsCode: '' };

/**
 * Sign-in: username and password (with a captcha when the server asks for one) or phone and
 * one-time code. Built from antd inputs without antd's Form and Tabs, which would add a
 * quarter to the login page's download; the validation is in login-validation.ts.
 */
export default function LoginPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const settings = usePlatformSettings();
  const id = useId();
  const [mode, setMode] = useState<LoginMode>('account');
  const [values, setValues] = useState<LoginFields>(EMPTY);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [rememberMe, setRememberMe] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once a field shows an error, re-check it as the user types.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateField(field, value) }));
  };

  const renewCaptcha = () => {
    setCaptchaKey(newCaptchaKey());
    setValues((v) => ({ ...v, captcha: '' }));
  };

  const switchMode = (next: LoginMode) => {
    setMode(next);
    setErrors({});
    setError(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(fieldsOf(mode, captchaKey !== null), values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    setError(null);
    try {
      const result =
        mode === 'account'
          ? await login({
              username: values.username.trim(),
              password: values.password,
              remember_me: rememberMe,
              ...(captchaKey ? { captcha: values.captcha.trim(), checkKey: captchaKey } : {}),
            })
          : await phoneLogin({ mobile: values.mobile.trim(), captcha: values.smsCode.trim() });
      startSession(result, rememberMe);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setError(errorMessage(e, t('login.failed')));
      // A captcha is single-use: after a failure with one shown (or newly demanded) draw another.
      if (mode === 'account' && (captchaKey || captchaDemanded(e))) renewCaptcha();
      setSubmitting(false);
    }
  };

  const handleSendSms = async (): Promise<boolean> => {
    const rule = validateField('mobile', values.mobile);
    setErrors((e) => ({ ...e, mobile: rule }));
    if (rule) return false;
    setError(null);
    try {
      await sendSms(values.mobile.trim(), '1');
      return true;
    } catch (e) {
      setError(errorMessage(e, t('login.failed')));
      return false;
    }
  };

  const field = (name: LoginField, control: ReactNode, extra?: ReactNode) => (
    <div className="ics-login-field">
      <div className="ics-auth-page__row">
        <div className="ics-auth-page__grow">{control}</div>
        {extra}
      </div>
      {errors[name] ? (
        <div id={`${id}-${name}-error`} className="ics-login-field__error" role="alert">
          {t(`rules.${errors[name]}`)}
        </div>
      ) : null}
    </div>
  );
  const inputProps = (name: LoginField) => ({
    size: 'large' as const,
    value: values[name],
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => update(name, e.target.value),
  });

  return (
    <div className="ics-auth-page" data-testid="login-page">
      <div
        className="ics-login-tabs"
        role="tablist"
        aria-label={t('login.pageTitle')}
        data-testid="login-mode"
      >
        {(['account', 'phone'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`ics-login-tabs__tab${mode === m ? ' ics-login-tabs__tab--active' : ''}`}
            onClick={() => switchMode(m)}
            data-testid={`login-tab-${m}`}
          >
            {t(`login.tabs.${m}`)}
          </button>
        ))}
      </div>
      <AuthAlert
        text={typeof notice === 'string' && !error ? notice : null}
        type="success"
        testId="login-notice"
      />
      <AuthAlert text={error} testId="login-error" />
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        {mode === 'account' ? (
          <>
            {field(
              'username',
              <Input
                {...inputProps('username')}
                prefix={<UserOutlined />}
                placeholder={t('login.username')}
                autoComplete="username"
                data-testid="login-username"
              />,
            )}
            {field(
              'password',
              <Input.Password
                {...inputProps('password')}
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                autoComplete="current-password"
                data-testid="login-password"
              />,
            )}
            {captchaKey
              ? field(
                  'captcha',
                  <Input
                    {...inputProps('captcha')}
                    prefix={<SafetyCertificateOutlined />}
                    placeholder={t('login.captcha')}
                    autoComplete="off"
                    maxLength={16}
                    data-testid="login-captcha"
                  />,
                  <CaptchaImage checkKey={captchaKey} onRefresh={renewCaptcha} />,
                )
              : null}
          </>
        ) : (
          <>
            {field(
              'mobile',
              <Input
                {...inputProps('mobile')}
                prefix={<MobileOutlined />}
                placeholder={t('login.mobile')}
                autoComplete="tel"
                inputMode="numeric"
                maxLength={11}
                data-testid="login-mobile"
              />,
            )}
            {field(
              'smsCode',
              <Input
                {...inputProps('smsCode')}
                prefix={<SafetyCertificateOutlined />}
                placeholder={t('login.smsCode')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                data-testid="login-sms-code"
              />,
              <div className="ics-auth-page__side">
                <SmsCodeButton onSend={handleSendSms} />
              </div>,
            )}
          </>
        )}
        <div className="ics-auth-page__options">
          <Checkbox checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)}>
            {t('login.rememberMe')}
          </Checkbox>
          <Link to="/user/alteration">{t('login.forgot')}</Link>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={submitting}
          data-testid="login-submit"
        >
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
        {settings?.registerEnabled ? (
          <div className="ics-auth-page__links">
            <Link to="/user/register" data-testid="login-register">
              {t('login.register')}
            </Link>
          </div>
        ) : null}
      </form>
    </div>
  );
}
