import { toLanguage } from '@ics/contract';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../shared/lib/i18n/i18n';
import { THEME_TOKENS } from '../shared/ui/theme';

const dayjsLocale = (lng: string) => (toLanguage(lng) === 'en-US' ? 'en' : 'zh-cn');
dayjs.locale(dayjsLocale(i18n.language));

const theme = { token: THEME_TOKENS };

function LocalisedProviders({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = toLanguage(instance.language);
  useEffect(() => {
    dayjs.locale(dayjsLocale(language));
    document.documentElement.lang = language;
  }, [language]);
  return (
    <ConfigProvider locale={language === 'en-US' ? enUS : zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/**
 * i18n plus antd theme and locale for every page. Signed-in pages add antd's <App> and the
 * query cache in the basic layout, keeping both out of the login bundle.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedProviders>{children}</LocalisedProviders>
    </I18nextProvider>
  );
}
