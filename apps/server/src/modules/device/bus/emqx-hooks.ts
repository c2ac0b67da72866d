import { createHash, timingSafeEqual } from 'node:crypto';
import type { BrokerHookAnswer } from '@ics/contract/server';
import { VerifiedSecrets } from './credentials';
import type { CredentialLookup } from './embedded-broker';
import { isOwnClientId, isOwnDownFilter, isOwnUpTopic } from './gateway-acl';

const allow: BrokerHookAnswer = { result: 'allow', is_superuser: false };
const deny: BrokerHookAnswer = { result: 'deny', is_superuser: false };
const superuser: BrokerHookAnswer = { result: 'allow', is_superuser: true };

/** Equal strings, in a time that tells nothing about where they differ nor their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The platform's credentials as an external broker asks about them through HTTP hooks (EMQX 5's
 * HTTP authenticator and authorizer): the same rules as the embedded broker's, so a gateway
 * behaves alike on either. A gateway connects with its sn as username and its platform password,
 * under a client id bound to its sn; it publishes only its own uplink topics and subscribes only
 * under its own downlink. The platform's own account (the user of `MQTT_URL`) is a superuser.
 * Everything else is denied, never ignored: an `ignore` would let a later source of the broker's
 * chain decide, and its default file ACL allows everything.
 */
export class EmqxHooks {
  /** Successful scrypt checks are remembered (EMQX asks again on every reconnect). */
  private readonly verified = new VerifiedSecrets();

  constructor(
    private readonly options: {
      /** The gateway's stored credential hash (the gateway directory's, cached and invalidated on change). */
      lookup: CredentialLookup;
      /** The platform's own account on the broker (from `MQTT_URL`); none when it connects anonymously. */
      platform: { username: string; password: string } | undefined;
    },
  ) {}

  async authenticate(input: {
    clientid: string;
    username: string;
    password: string;
  }): Promise<BrokerHookAnswer> {
    const { clientid, username: sn, password } = input;
    if (this.isPlatform(sn)) return this.platformPassword(password) ? superuser : deny;
    if (!sn || !password || sn.length > 64 || !isOwnClientId(clientid, sn)) return deny;
    const stored = await this.options.lookup(sn);
    if (!stored || !(await this.verified.verify(sn, stored, password))) return deny;
    return allow;
  }

  /** EMQX skips superusers here; the platform's account is answered `allow` should it ask anyway. */
  async authorize(input: {
    clientid: string;
    username: string;
    topic: string;
    action: 'publish' | 'subscribe';
  }): Promise<BrokerHookAnswer> {
    const { clientid, username: sn, topic, action } = input;
    if (this.isPlatform(sn)) return allow;
    if (!sn || !isOwnClientId(clientid, sn)) return deny;
    const own = action === 'publish' ? isOwnUpTopic(topic, sn) : isOwnDownFilter(topic, sn);
    if (!own) return deny;
    // A gateway deleted since it connected loses its rights (its session may still be open).
    return (await this.options.lookup(sn)) ? allow : deny;
  }

  private isPlatform(username: string): boolean {
    const platform = this.options.platform;
    return platform !== undefined && username !== '' && sameSecret(username, platform.username);
  }

  private platformPassword(password: string): boolean {
    return sameSecret(password, this.options.platform?.password ?? '');
  }
}
