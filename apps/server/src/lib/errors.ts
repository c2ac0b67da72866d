import type { MessageKey } from './messages';

/**
 * An error the client caused or may act on. The envelope carries the translated message,
 * the HTTP status as `code`, and the message key as the stable `errorCode`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly result: unknown = null,
  ) {
    super(key);
  }
}

/**
 * A negative answer to a well-formed question (a wrong password, a value that is taken): the
 * request itself succeeded, so JeecgBoot consoles expect HTTP 200 with `success: false` and
 * the message, and Jeecg's error code 500 in the body (their forms show the message inline;
 * an HTTP error status would add a global error notice, or a "未授权" one for 401).
 */
export class Declined extends AppError {
  /** The HTTP status of the answer; `status` (the envelope's `code`) stays Jeecg's 500. */
  readonly httpStatus = 200;

  constructor(key: MessageKey, vars: Record<string, string | number> = {}, result: unknown = null) {
    super(500, key, vars, result);
  }
}

export const badRequest = (key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(400, key, vars);
export const unauthorized = (key: MessageKey = 'auth.token_missing') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'auth.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'error.not_found') => new AppError(404, key);
export const conflict = (key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(409, key, vars);
