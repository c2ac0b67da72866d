import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';
import { fetchCaptcha } from '../api/get-captcha';

/** The captcha picture for `checkKey`; a click asks for a new key (and so a new picture). */
export function CaptchaImage({ checkKey, onRefresh }: { checkKey: string; onRefresh: () => void }) {
  const { t } = useTranslation('session');
  const [image, setImage] = useState<{ key: string; src: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    fetchCaptcha(checkKey)
      .then((src) => current && setImage({ key: checkKey, src }))
      .catch(() => current && setImage({ key: checkKey, src: null }));
    return () => {
      current = false;
    };
  }, [checkKey]);
  const ready = image?.key === checkKey;
  return (
    <button
      type="button"
      className="ics-captcha"
      onClick={onRefresh}
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaImage')}
      data-testid="captcha-image"
    >
      {ready && image.src ? (
        <img src={image.src} alt={t('login.captchaImage')} />
      ) : (
        <span>{ready ? t('login.captchaRefresh') : t('login.captchaLoading')}</span>
      )}
    </button>
  );
}
