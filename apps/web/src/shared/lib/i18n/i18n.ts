import { DEFAULT_LANGUAGE, LANGUAGES, type Language, toLanguage } from '@ics/contract';
import i18next from 'i18next';
import { StorageKeys, storage } from '../storage/storage';
import { commonEnUS, httpEnUS } from './locales/en-US';
import { commonZhCN, httpZhCN } from './locales/zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
  }
  interface ResourceNamespaceMap {
    common: typeof commonZhCN;
    http: typeof httpZhCN;
  }
}

/** One namespace in both languages; en-US must have the shape of zh-CN. */
export type LocaleBundle<T> = Record<Language, T>;

function initialLanguage(): Language {
  const stored = storage.get<string>(StorageKeys.language);
  return stored && (LANGUAGES as readonly string[]).includes(stored)
    ? (stored as Language)
    : DEFAULT_LANGUAGE;
}

/** The console's i18next instance. Features add their namespaces with `registerLocale`. */
export const i18n = i18next.createInstance();

void i18n.init({
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  ns: ['common', 'http'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  resources: {
    'zh-CN': { common: commonZhCN, http: httpZhCN },
    'en-US': { common: commonEnUS, http: httpEnUS },
  },
});

/** Adds a feature's namespace (idempotent; called when the feature's module loads). */
export function registerLocale<T extends object>(ns: string, bundle: LocaleBundle<T>): void {
  for (const lng of LANGUAGES) {
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundle[lng], true, false);
  }
}

export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}

/** Switches the UI language and remembers it (no expiry: a preference, not a session value). */
export async function changeLanguage(lng: Language): Promise<void> {
  storage.set(StorageKeys.language, lng, null);
  await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
