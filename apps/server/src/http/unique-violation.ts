import { AppError } from '../lib/errors';
import type { MessageKey } from '../lib/messages';

/** Which unique constraint means which taken field: [text in the constraint, message]; the first is the fallback. */
export type UniqueMessages = [needle: string, key: MessageKey][];

/** The Postgres unique-violation of `error`, as its constraint name, or undefined. */
export function uniqueConstraint(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return undefined;
  return `${e.constraint ?? ''} ${e.message ?? ''}`;
}

/** Runs `work`, turning a unique violation into a 409 with the message of the matching field. */
export async function mapUnique<T>(work: () => Promise<T>, messages: UniqueMessages): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const where = uniqueConstraint(error);
    if (where === undefined) throw error;
    const match = messages.find(([needle]) => where.includes(needle)) ?? messages[0];
    if (!match) throw error;
    throw new AppError(409, match[1]);
  }
}
