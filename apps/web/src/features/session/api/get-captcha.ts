import { sessionRoutes } from '@ics/contract';
import { call, FORM_STATUSES, unwrap } from '../../../shared/lib/http';

/** A fresh captcha key; the server remembers the code it drew for it. */
export const newCaptchaKey = (): string => String(Date.now());

/** The captcha image (a data URL) for `key`. */
export async function fetchCaptcha(key: string): Promise<string> {
  return unwrap(
    await call(sessionRoutes.randomImage, { params: { key } }, { silentStatuses: FORM_STATUSES }),
  );
}
