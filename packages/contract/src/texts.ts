import type { Language } from './i18n';

/** Texts of a code that people read: zh-CN, en-US. */
export type Texts = readonly [zh: string, en: string];

export const pickText = (texts: Texts, lang: Language): string => (lang === 'en-US' ? texts[1] : texts[0]);

/** The texts of `code` in `table`, looked up as an own property (codes come from devices and clients). */
export function textOf(
  table: Readonly<Record<string, Texts>>,
  code: string,
  lang: Language,
): string | undefined {
  return Object.hasOwn(table, code) ? pickText(table[code]!, lang) : undefined;
}
