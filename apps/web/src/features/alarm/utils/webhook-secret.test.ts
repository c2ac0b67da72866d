import { describe, expect, it } from 'vitest';
import { newWebhookSecret } from './webhook-secret';

describe('newWebhookSecret', () => {
  it('makes 64 hex characters, different each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
