import { type Language, type PublicPlatformSettings, sessionRoutes, toLanguage } from '@ics/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { call, unwrap } from '../lib/http';
import { runtimeConfig } from '../lib/http/runtime-config';
import { storage } from '../lib/storage/storage';

const STORAGE_KEY = 'platform';
const QUIET = [0, 400, 401, 403, 404, 429, 500, 502, 503, 504];

type PlatformState = {
  byLanguage: Partial<Record<Language, PublicPlatformSettings>>;
  loaded: Partial<Record<Language, boolean>>;
};

const usePlatformStore = create<PlatformState>(() => ({ byLanguage: {}, loaded: {} }));
const inFlight = new Map<Language, Promise<void>>();

/** Fetches the settings for `lang` once per page load (the server localises the title). */
export function loadPlatformSettings(lang: Language): Promise<void> {
  if (usePlatformStore.getState().loaded[lang]) return Promise.resolve();
  let pending = inFlight.get(lang);
  if (!pending) {
    pending = call(sessionRoutes.platformSettings, {}, { silentStatuses: QUIET })
      .then((envelope) => {
        const settings = unwrap(envelope);
        storage.set(`${STORAGE_KEY}.${lang}`, settings, null);
        usePlatformStore.setState((s) => ({
          byLanguage: { ...s.byLanguage, [lang]: settings },
          loaded: { ...s.loaded, [lang]: true },
        }));
      })
      .catch(() => undefined)
      .finally(() => inFlight.delete(lang));
    inFlight.set(lang, pending);
  }
  return pending;
}

/**
 * Title, logo, copyright and ICP number of the platform (public, localised by the server).
 * The last answer is kept locally (spec §3) so the title shows at once on the next visit;
 * when the server cannot be reached the console falls back to its own defaults, silently.
 */
export function usePlatformSettings(): PublicPlatformSettings | undefined {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const fresh = usePlatformStore((s) => s.byLanguage[lang]);
  useEffect(() => {
    void loadPlatformSettings(lang);
  }, [lang]);
  return fresh ?? storage.get<PublicPlatformSettings>(`${STORAGE_KEY}.${lang}`) ?? undefined;
}

/** The platform title: settings, then the signed-in user's copy, then the built-in name. */
export function platformTitle(
  settings: PublicPlatformSettings | undefined,
  fallback: string,
  userTitle?: string | null,
): string {
  return settings?.platFormTitleCn?.trim() || userTitle?.trim() || fallback;
}

/** A logo path from the settings as a URL (relative paths live under the static files of the API). */
export function platformLogoUrl(logo: string | null | undefined): string | undefined {
  if (!logo) return undefined;
  if (/^(https?:|data:|blob:|\/)/i.test(logo)) return logo;
  return `${runtimeConfig.apiBase}/sys/common/static/${logo.replace(/^\/+/, '')}`;
}
