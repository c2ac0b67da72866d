/**
 * Settings the hosting server may give the console before it loads (the ICS server serves
 * `ics-config.js`, `window.__ICS_CONFIG__ = { apiBase: '/ics' }`, and index.html loads it
 * first); a console served elsewhere falls back to the defaults.
 */
export type RuntimeConfig = {
  /** Base path (or absolute URL) of the API. */
  apiBase: string;
};

type WindowWithConfig = { __ICS_CONFIG__?: Partial<RuntimeConfig> };

export const DEFAULT_API_BASE = '/ics';

export function readRuntimeConfig(
  source: unknown = typeof window === 'undefined' ? undefined : window,
): RuntimeConfig {
  const injected = (source as WindowWithConfig | undefined)?.__ICS_CONFIG__;
  const apiBase =
    typeof injected?.apiBase === 'string' && injected.apiBase.trim()
      ? injected.apiBase.trim()
      : DEFAULT_API_BASE;
  return { apiBase: apiBase.replace(/\/+$/, '') };
}

export const runtimeConfig = readRuntimeConfig();

/** The API base as an absolute URL (the upstream `domianURL`), e.g. `https://host/ics`. */
export function apiBaseUrl(config: RuntimeConfig = runtimeConfig): string {
  if (/^https?:\/\//i.test(config.apiBase)) return config.apiBase;
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}${config.apiBase.startsWith('/') ? '' : '/'}${config.apiBase}`;
}
