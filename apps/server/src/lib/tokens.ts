import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A new session token: 256 random bits, URL-safe. Only its hash is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export const randomDigits = (length: number): string =>
  Array.from({ length }, () => String(randomInt(10))).join('');

/** A readable random password: no look-alike characters. */
export function randomPassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
