/** A device's ack as this node received it (the id: the command row's, or a multi-device message's). */
export type HeardAck = {
  id: string;
  /** The gateway that sent it: an ack counts for that gateway's commands only. */
  gatewayId: string;
  status: 'acked' | 'failed';
  reason: string | null;
  result: unknown;
  /** Arrival (epoch ms): the row's `ack_time`. */
  ts: number;
  /** Per-device outcomes of a multi-device command. */
  devices?: Array<{ dev: string; status: 'acked' | 'failed'; reason: string | null; result: unknown }>;
};

/** What a command row becomes once an ack heard for it is written. */
export type HeardOutcome = { status: 'acked' | 'failed'; reason: string | null; result: unknown; ts: number };

/** A command row as far as finding its ack goes. */
export type CommandRowKey = {
  id: string;
  gateway_id: string;
  message_id: string | null;
  device_address: string | null;
};

/**
 * How long an ack is remembered after its row was written: a request that read the row just
 * before the write answers after it, and must still see the outcome.
 */
const KEEP_AFTER_WRITE_MS = 10_000;

/**
 * Acks received by this node, from their arrival until shortly after their rows are written,
 * so that the command API answers the outcome a device reported at once instead of after the
 * write (tens of milliseconds while ingesting). The rules are `writeAcks`' (ingest.ts): a
 * single-device command's ack carries the row's id; a multi-device command's carries its
 * message's id, with each listed device's own outcome and the ack's status for the rest.
 */
export class HeardAcks {
  private readonly byId = new Map<string, { ack: HeardAck; writtenAt: number | null }>();

  add(ack: HeardAck): void {
    this.byId.set(ack.id, { ack, writtenAt: null });
  }

  /** The acks' write ended (written, or failed: the row is then the truth once they are forgotten). */
  written(acks: readonly HeardAck[], now = Date.now()): void {
    for (const ack of acks) {
      const entry = this.byId.get(ack.id);
      if (entry?.ack === ack) entry.writtenAt = now;
    }
  }

  /** Forgets acks written longer than `KEEP_AFTER_WRITE_MS` ago. */
  prune(now = Date.now()): void {
    for (const [id, entry] of this.byId)
      if (entry.writtenAt !== null && now - entry.writtenAt > KEEP_AFTER_WRITE_MS) this.byId.delete(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The outcome an ack heard here gives the row (undefined: none heard, or already forgotten). */
  outcomeOf(row: CommandRowKey): HeardOutcome | undefined {
    const own = this.byId.get(row.id)?.ack;
    if (own) return own.gatewayId === row.gateway_id ? own : undefined;
    const message = row.message_id === null ? undefined : this.byId.get(row.message_id)?.ack;
    if (!message || message.gatewayId !== row.gateway_id) return undefined;
    const listed = message.devices?.find((d) => d.dev === row.device_address);
    if (listed) return { ...listed, ts: message.ts };
    // Not listed: the ack's status and reason; the row keeps its (empty) result.
    return { status: message.status, reason: message.reason, result: null, ts: message.ts };
  }
}
