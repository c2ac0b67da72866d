import { LANGUAGES, type Language, toLanguage } from '@ics/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n/i18n';
import './language-switch.css';

/**
 * zh-CN / en-US switch; the choice is remembered and sent to the server with every call.
 * Two plain buttons: antd's Segmented would bring its tooltip machinery to the login page.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.language);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not a form fieldset
    <div
      className={`ics-language-switch ics-language-switch--${tone}`}
      role="group"
      aria-label={t('language.label')}
      data-testid="language-switch"
    >
      {LANGUAGES.map((lng: Language) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={current === lng}
          className={`ics-language-switch__option${current === lng ? ' ics-language-switch__option--active' : ''}`}
          onClick={() => void changeLanguage(lng)}
          data-testid={`language-${lng}`}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
