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
 * Remembers recent successful verifications (by a digest of the presented secret and the
 * stored hash), so that a reconnect storm of thousands of gateways does not run thousands
 * of scrypt derivations. Rotating a credential changes the stored hash and so misses here.
 */
export class VerifiedSecrets {
  private readonly ok = new Map<string, number>();

  constructor(private readonly ttlMs = 10 * 60_000) {}

  private key(sn: string, stored: string, secret: string) {
    return createHash('sha256').update(`${sn}\0${stored}\0${secret}`).digest('base64url');
  }

  async verify(sn: string, stored: string, secret: string): Promise<boolean> {
    const key = this.key(sn, stored, secret);
    const until = this.ok.get(key);
    if (until && until > Date.now()) return true;
    const valid = await verifyDeviceSecret(stored, secret);
    if (valid) {
      if (this.ok.size > 100_000) this.ok.clear();
      this.ok.set(key, Date.now() + this.ttlMs);
    }
    return valid;
  }
}
