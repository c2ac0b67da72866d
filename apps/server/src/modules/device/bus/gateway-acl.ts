import { TOPIC_PREFIX, topics, upTopics } from '@ics/contract/server';

/**
 * What a gateway may do on the bus, the same whichever broker enforces it: the embedded one
 * (embedded-broker.ts) or EMQX through its HTTP hooks (emqx-hooks.ts).
 */

/**
 * Whether a gateway may connect under a client id: its sn, or its sn, a colon and a suffix for
 * further connections (a watching tool, a test). The colon cannot occur in an sn, so no
 * gateway's id is another's with a suffix (`GW-1` + `-2` would be gateway `GW-1-2`'s). Any other
 * id is refused: the broker closes the session holding a client id when another connects with
 * it, so one gateway's credentials could otherwise knock another off, again and again.
 */
export function isOwnClientId(clientId: string, sn: string): boolean {
  return clientId === sn || (clientId.length > sn.length + 1 && clientId.startsWith(`${sn}:`));
}

/** True when a topic filter stays within `ics/v1/{sn}/down/` (no wildcard above that level). */
export function isOwnDownFilter(filter: string, sn: string): boolean {
  const prefix = `${TOPIC_PREFIX}/${sn}/down/`;
  return filter.startsWith(prefix) && filter.length > prefix.length;
}

/** True when `topic` is one of the gateway's own uplink topics (`ics/v1/{sn}/up/{kind}`). */
export function isOwnUpTopic(topic: string, sn: string): boolean {
  return upTopics.some((kind) => topic === topics.up(sn, kind));
}
