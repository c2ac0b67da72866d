import { numeric, text } from '../../field-spec';
import type { Language } from '../../i18n';

/** True when `name` is a time zone this runtime knows (IANA names such as Asia/Shanghai). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

/** The project form's fields: its name and description in Chinese and in English. */
export const projectFields = {
  /** The Chinese name; also shown in English when the project has no English name. */
  name: text({ required: 'form.project_name.required', max: 100 }),
  nameEn: text({ optional: true, max: 100 }),
  code: text({
    required: 'form.project_code.required',
    max: 64,
    pattern: { regex: /^[A-Za-z0-9_-]+$/, message: 'form.project_code.chars' },
  }),
  region: text({ optional: true, max: 100 }),
  longitude: numeric({
    required: 'form.longitude.range',
    min: -180,
    max: 180,
    message: 'form.longitude.range',
  }),
  latitude: numeric({ required: 'form.latitude.range', min: -90, max: 90, message: 'form.latitude.range' }),
  timeZone: text({
    required: 'form.time_zone.invalid',
    max: 64,
    check: { test: isTimeZone, message: 'form.time_zone.invalid' },
    default: 'Asia/Shanghai',
  }),
  description: text({ optional: true, max: 500 }),
  descriptionEn: text({ optional: true, max: 500 }),
};

/** A project's name and description in both languages, as stored. */
export type ProjectTexts = {
  name: string;
  nameEn?: string | null;
  description?: string | null;
  descriptionEn?: string | null;
};

/** The text for `lang`: English when asked for and given, else the Chinese one. */
const pick = <T extends string | null | undefined>(zh: T, en: string | null | undefined, lang: Language) =>
  lang === 'en-US' && en?.trim() ? en : zh;

/** A project's name in `lang` (the Chinese name when it has no English one). */
export const projectName = (p: ProjectTexts, lang: Language): string => pick(p.name, p.nameEn, lang);

/** A project's description in `lang` (the Chinese one when it has no English one). */
export const projectDescription = (p: ProjectTexts, lang: Language): string | null =>
  pick(p.description ?? null, p.descriptionEn, lang);
