import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt (N=2^14, r=8, p=1): ~30 ms on the libuv pool, no native add-on. Device passwords are
// random 192-bit secrets, so the cost guards the stored hashes, not weak passwords.
const N = 16_384;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { N, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new device password: 192 random bits, URL-safe, typeable into a gateway's web page. */
export const newDeviceSecret = (): string => randomBytes(24).toString('base64url');

export async function hashDeviceSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt);
  return `scrypt$${N}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyDeviceSecret(stored: string, secret: string): Promise<boolean> {
  const [scheme, n, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || Number(n) !== N || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Remembers successful verifications for the process lifetime, by a digest of the stored hash
 * and the presented secret: the outcome depends on nothing else, so a reconnect storm of
 * thousands of gateways (or many gateways sharing one credential) runs one scrypt derivation
 * per distinct credential, and concurrent checks of the same pair share one derivation.
 * Rotating a credential changes the stored hash (a new salt) and so misses here; failures are
 * never remembered.
 */
export class VerifiedSecrets {
  private readonly ok = new Set<string>();
  private readonly pending = new Map<string, Promise<boolean>>();
  /** scrypt derivations run (tests, bench). */
  derivations = 0;

  constructor(private readonly maxEntries = 200_000) {}

  private key(stored: string, secret: string) {
    return createHash('sha256').update(`${stored}\0${secret}`).digest('base64url');
  }

  async verify(_sn: string, stored: string, secret: string): Promise<boolean> {
    const key = this.key(stored, secret);
    if (this.ok.has(key)) return true;
    let check = this.pending.get(key);
    if (!check) {
      this.derivations++;
      check = verifyDeviceSecret(stored, secret).finally(() => this.pending.delete(key));
      this.pending.set(key, check);
    }
    const valid = await check;
    if (valid) {
      if (this.ok.size >= this.maxEntries) this.ok.clear();
      this.ok.add(key);
    }
    return valid;
  }
}
