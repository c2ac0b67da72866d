import type { Envelope } from '@ics/contract/server';

export function envelope<T>(result: T, message: string, code = 200): Envelope<T> {
  return { success: code < 400, message, code, result, timestamp: Date.now() };
}

export function errorEnvelope(code: number, message: string, errorCode: string, result: unknown = null) {
  return { success: false, message, code, result, timestamp: Date.now(), errorCode };
}
