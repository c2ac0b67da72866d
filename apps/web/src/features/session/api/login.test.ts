import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/lib/http/api-error';
import { captchaDemanded } from './login';

const failure = (status: number, errorCode: string, result: unknown = null) =>
  new ApiError(status, 'x', { success: false, message: 'x', code: status, result, timestamp: 0, errorCode });

describe('captchaDemanded', () => {
  it('is true when the server demands or announces a captcha', () => {
    expect(captchaDemanded(failure(400, 'auth.captcha_required'))).toBe(true);
    expect(captchaDemanded(failure(400, 'auth.captcha_invalid'))).toBe(true);
    expect(captchaDemanded(failure(500, 'auth.bad_credentials', { captchaRequired: true }))).toBe(true);
  });
  it('is false otherwise', () => {
    expect(captchaDemanded(failure(500, 'auth.bad_credentials', { captchaRequired: false }))).toBe(false);
    expect(captchaDemanded(failure(429, 'auth.locked'))).toBe(false);
    expect(captchaDemanded(new Error('x'))).toBe(false);
  });
});
