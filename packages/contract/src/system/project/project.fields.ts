import { numeric, text } from '../../field-spec';

/** True when `name` is a time zone this runtime knows (IANA names such as Asia/Shanghai). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

/** The project form's fields. */
export const projectFields = {
  name: text({ required: 'form.project_name.required', max: 100 }),
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
};
