import { type Envelope, type LoginResult, type RouteBody, sessionRoutes } from '@ics/contract';
import { ApiError, call, FORM_STATUSES, isApiError } from '../../../shared/lib/http';

/** What a sign-in answered: only a code-200 answer counts (spec §8). */
export async function signedIn(sent: Promise<Envelope<LoginResult>>): Promise<LoginResult> {
  const envelope = await sent;
  if (!envelope.success || envelope.code !== 200)
    throw new ApiError(envelope.code, envelope.message, envelope);
  return envelope.result;
}

/** Signs in with username and password. */
export const login = (body: RouteBody<typeof sessionRoutes.login>) =>
  signedIn(call(sessionRoutes.login, { body }, { silentStatuses: FORM_STATUSES }));

/** Error codes after which the form must show (or renew) the captcha. */
export const CAPTCHA_ERRORS: ReadonlySet<string> = new Set(['auth.captcha_required', 'auth.captcha_invalid']);

/**
 * Whether the next attempt needs a captcha: the server demanded one (`auth.captcha_required`,
 * `auth.captcha_invalid`) or announced it with a failure (`result.captchaRequired`).
 */
export function captchaDemanded(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.errorCode && CAPTCHA_ERRORS.has(error.errorCode)) return true;
  const result = error.envelope?.result as { captchaRequired?: unknown } | null | undefined;
  return result?.captchaRequired === true;
}
