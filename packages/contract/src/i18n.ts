/** Languages of the product; zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function toLanguage(value: string | undefined | null): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const lower = value.toLowerCase();
  if (lower.startsWith('en')) return 'en-US';
  return DEFAULT_LANGUAGE;
}
