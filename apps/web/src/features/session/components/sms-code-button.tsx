import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { useCountdown } from '../hooks/use-countdown';

/** Seconds before another code may be requested. */
export const SMS_RESEND_SECONDS = 60;

/**
 * "Get code" with a 60 s countdown. `onSend` validates the phone number and sends the code;
 * it resolves true when a code went out (the countdown starts only then).
 */
export function SmsCodeButton({ onSend, block = true }: { onSend: () => Promise<boolean>; block?: boolean }) {
  const { t } = useTranslation('session');
  const [left, start] = useCountdown(SMS_RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const handleClick = async () => {
    setSending(true);
    try {
      if (await onSend()) start();
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      block={block}
      size="large"
      disabled={left > 0}
      loading={sending}
      onClick={() => void handleClick()}
      data-testid="sms-send"
    >
      {left > 0 ? t('sms.resend', { seconds: left }) : sending ? t('sms.sending') : t('sms.send')}
    </Button>
  );
}
