import type { Envelope } from '@ics/contract';

/** A failed call: the HTTP status (0 without a response) and the server's envelope if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly envelope: Partial<Envelope<unknown>> | undefined;

  constructor(status: number, message: string, envelope?: Partial<Envelope<unknown>>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = envelope?.errorCode;
    this.envelope = envelope;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's (localised) message of a failed call, or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}
