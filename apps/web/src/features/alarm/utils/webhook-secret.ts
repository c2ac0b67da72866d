/** A fresh signing secret: 32 random bytes as 64 hex characters (within the contract's 16–200). */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
