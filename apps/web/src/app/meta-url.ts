import { apiBaseUrl, type RuntimeConfig, runtimeConfig } from '../shared/lib/http/runtime-config';

/**
 * Values a menu's `meta.url` may refer to as `{{ window._CONFIG['name'] }}` (the upstream
 * console's global config). Only these names are known; nothing else is evaluated.
 */
export type UrlConfigValues = Readonly<Record<string, string>>;

export function urlConfigValues(config: RuntimeConfig = runtimeConfig): UrlConfigValues {
  const base = apiBaseUrl(config);
  return {
    domianURL: base,
    domainURL: base,
    apiBase: base,
    staticDomainURL: `${base}/sys/common/static`,
    pdfDomainURL: `${base}/sys/common/pdf/pdfPreviewIframe`,
  };
}

const EXPRESSION = /\{\{([^{}]*)\}\}/g;
/** `window._CONFIG['x']`, `window._CONFIG["x"]` or `window._CONFIG.x` (optionally without `window.`). */
const CONFIG_LOOKUP =
  /^(?:window\.)?_CONFIG\s*(?:\[\s*(['"])([A-Za-z_][A-Za-z0-9_]*)\1\s*\]|\.([A-Za-z_][A-Za-z0-9_]*))$/;

/**
 * Substitutes the `{{ }}` expressions of a menu url. Returns the url unchanged when it has
 * none, and undefined when an expression is anything but a lookup of a known config value:
 * menu data comes from the server and is never run as code.
 */
export function evaluateMetaUrl(url: string | undefined, values: UrlConfigValues): string | undefined {
  if (!url) return url;
  let ok = true;
  const result = url.replace(EXPRESSION, (_, expression: string) => {
    const match = CONFIG_LOOKUP.exec(expression.trim());
    const name = match?.[2] ?? match?.[3];
    if (name !== undefined && Object.hasOwn(values, name)) return values[name] ?? '';
    ok = false;
    return '';
  });
  return ok ? result : undefined;
}
