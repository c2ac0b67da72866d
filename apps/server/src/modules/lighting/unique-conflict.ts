import { uniqueConstraint } from '../../http/unique-violation';
import { conflict } from '../../lib/errors';
import type { MessageKey } from '../../lib/messages';

/** Runs `work`, turning a unique violation into a 409 with `key` and `vars` (the name or code taken). */
export async function conflictOnUnique<T>(
  work: () => Promise<T>,
  key: MessageKey,
  vars: Record<string, string | number>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueConstraint(error) !== undefined) throw conflict(key, vars);
    throw error;
  }
}
