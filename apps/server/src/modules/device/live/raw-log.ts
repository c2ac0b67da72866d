import type { RawMessageDto } from '@ics/contract/server';
import type { LiveEvents } from './live-events';

const KEEP = 200;
const WATCH_MS = 10 * 60_000;

/**
 * Raw messages of the gateways an engineer is watching in the test console. Recording starts
 * with the first request for a gateway and stops ten minutes after the last, so ingestion of
 * unwatched gateways pays one map lookup.
 */
export class RawMessageLog {
  private readonly watched = new Map<string, { until: number; messages: RawMessageDto[] }>();
  private seq = 0;

  constructor(private readonly live: LiveEvents) {}

  watch(gatewayId: string): void {
    const entry = this.watched.get(gatewayId);
    if (entry) entry.until = Date.now() + WATCH_MS;
    else this.watched.set(gatewayId, { until: Date.now() + WATCH_MS, messages: [] });
  }

  isWatched(gatewayId: string): boolean {
    const entry = this.watched.get(gatewayId);
    if (!entry) return false;
    if (entry.until < Date.now()) {
      this.watched.delete(gatewayId);
      return false;
    }
    return true;
  }

  record(
    gatewayId: string,
    projectId: string,
    direction: 'up' | 'down',
    topic: string,
    payload: string,
    error?: string,
  ): void {
    if (!this.isWatched(gatewayId)) return;
    const entry = this.watched.get(gatewayId)!;
    const message: RawMessageDto = {
      seq: ++this.seq,
      ts: Date.now(),
      direction,
      topic,
      payload: payload.length > 16_384 ? `${payload.slice(0, 16_384)}…` : payload,
      ...(error ? { error } : {}),
    };
    entry.messages.push(message);
    if (entry.messages.length > KEEP) entry.messages.splice(0, entry.messages.length - KEEP);
    this.live.publish({ kind: 'device.raw', projectId, payload: { ...message, gatewayId } });
  }

  /** Messages after `after` (a sequence number); starts watching the gateway. */
  since(gatewayId: string, after: number): { messages: RawMessageDto[]; last: number } {
    this.watch(gatewayId);
    const messages = this.watched.get(gatewayId)!.messages.filter((m) => m.seq > after);
    return { messages, last: messages.at(-1)?.seq ?? after };
  }
}
