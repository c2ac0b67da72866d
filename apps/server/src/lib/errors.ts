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

export const badRequest = (key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(400, key, vars);
export const unauthorized = (key: MessageKey = 'auth.token_missing') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'auth.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'error.not_found') => new AppError(404, key);
export const conflict = (key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(409, key, vars);
