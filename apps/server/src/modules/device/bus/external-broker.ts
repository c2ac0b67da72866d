import { topics } from '@ics/contract/server';
import type { ISubscriptionMap, MqttClient } from 'mqtt';
import { type DeviceBus, deliver, type Uplink } from './device-bus';
import { PubackQueue } from './puback-queue';
import { Redeliveries } from './redeliveries';

/**
 * How long the broker keeps this node's session (its subscription, and the messages not yet
 * acknowledged or not yet sent to it) while the node is away: a restart after a crash finds them
 * there.
 */
const SESSION_EXPIRY_SECONDS = 600;

/** A drained session ends once nothing has come for this long (the broker sends its queue at once). */
const DRAIN_QUIET_MS = 500;

/**
 * mqtt.js sends a message's PUBACK when `handleMessage` calls back without an error, and handles
 * the next packet only then. Called back with this, it sends none and goes on: the bus sends the
 * PUBACK once the message is stored (puback-queue.ts), while later messages keep coming.
 */
const ACKNOWLEDGED_WHEN_STORED = new Error('acknowledged once stored');

type Session = {
  client: MqttClient;
  /** Settles once every PUBACK held now has been sent (or the connection dropped). */
  settled(): Promise<void>;
  /** When the last message came. */
  readonly lastMessageAt: number;
};

/**
 * Resumes (or starts) the persistent session `clientId` and hands its messages to `uplink`,
 * acknowledging each QoS 1 message only once it is stored. The handler is in place before
 * CONNECT: the broker sends what the session held right after CONNACK.
 */
async function openSession(options: {
  url: string;
  clientId: string;
  uplink: Uplink;
  expirySeconds: number;
  reconnect: boolean;
}): Promise<Session> {
  // Loaded only with an external broker: the embedded one (the default) needs no MQTT client,
  // and loading it took 0.1 s of a restart.
  const { default: mqtt } = await import('mqtt');
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: options.expirySeconds },
    reconnectPeriod: options.reconnect ? 1_000 : 0,
    connectTimeout: 10_000,
    manualConnect: true,
  });
  // The PUBACKs of the current connection; a new one starts with its first QoS 1 message.
  let acks: PubackQueue | null = null;
  let lastMessageAt = Date.now();
  // Messages stored whose PUBACK the broker may not have had: not stored twice when it resends them.
  const redeliveries = new Redeliveries();
  const acksOfConnection = (): PubackQueue => {
    if (!acks) {
      const stream = client.stream;
      acks = new PubackQueue({
        write: (packet) => {
          redeliveries.acknowledge(packet.readUInt16BE(2));
          if (!stream.destroyed) stream.write(packet);
        },
        // The broker sends what was not acknowledged again when the client reconnects.
        drop: () => stream.destroy(),
        storedUnacknowledged: (messageId) => redeliveries.storedUnacknowledged(messageId),
      });
    }
    return acks;
  };
  client.on('close', () => {
    acks?.close();
    acks = null;
    redeliveries.connectionClosed();
  });
  client.on('connect', (connack) => redeliveries.connected(connack.sessionPresent));
  // mqtt.js handles the next incoming packet only after this callback: backpressure.
  client.handleMessage = (packet, callback) => {
    lastMessageAt = Date.now();
    const ack =
      packet.qos === 1 && packet.messageId !== undefined
        ? { acks: acksOfConnection(), messageId: packet.messageId }
        : undefined;
    const message = { topic: packet.topic, payload: packet.payload as Buffer };
    if (ack && redeliveries.storedBefore(ack.messageId, message, packet.dup)) {
      ack.acks.add(ack.messageId, undefined);
      queueMicrotask(() => callback(ACKNOWLEDGED_WHEN_STORED));
      return;
    }
    deliver(options.uplink, message, () => callback(ack ? ACKNOWLEDGED_WHEN_STORED : undefined), ack);
  };
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      client.off('error', reject);
      resolve();
    });
    client.once('error', reject);
    client.connect();
  }).catch(async (error: Error) => {
    await client.endAsync(true);
    throw error;
  });
  return {
    client,
    settled: () => acks?.settled() ?? Promise.resolve(),
    get lastMessageAt() {
      return lastMessageAt;
    },
  };
}

/**
 * A client of an external broker. The uplink subscription is shared (`$share/{group}/…`), so
 * with several API nodes each message is handled by exactly one of them. The session is
 * persistent under `clientId`, stable per node: what the broker delivered and the node had not
 * acknowledged (QoS 1 messages are acknowledged once stored) comes again when it reconnects,
 * after a crash too. A node that does not come back has its session drained by the node that
 * claims its lease (`drainSession`).
 */
export async function connectExternalBroker(options: {
  url: string;
  clientId: string;
  uplink: Uplink;
  group?: string;
}): Promise<DeviceBus> {
  const shared = topics.sharedUp(options.group ?? 'ics-ingest');
  const own = await openSession({
    url: options.url,
    clientId: options.clientId,
    uplink: options.uplink,
    expirySeconds: SESSION_EXPIRY_SECONDS,
    reconnect: true,
  });
  const client = own.client;
  await client.subscribeAsync(shared, { qos: 1 });
  // A broker that restarted may resume the session without its shared subscription (Mosquitto
  // 2 with persistence does, and mqtt.js then sees no need to subscribe): subscribing again on
  // each reconnect is harmless where the broker kept it.
  client.on('connect', () => {
    const again = { [shared]: { qos: 1 } } as ISubscriptionMap;
    again.resubscribe = true;
    client.subscribe(again);
  });
  return {
    kind: 'external',
    url: options.url,
    get connected() {
      return client.connected;
    },
    onSession: () => undefined,
    publish: async (topic, payload, qos) => {
      await client.publishAsync(topic, payload, { qos });
    },
    async drainSession(clientId) {
      if (clientId === options.clientId) return;
      // Resumed with an expiry of 0: the session ends when this connection closes. Its shared
      // subscription first stops taking a share of new messages; what it held comes at once.
      const session = await openSession({
        url: options.url,
        clientId,
        uplink: options.uplink,
        expirySeconds: 0,
        reconnect: false,
      });
      await session.client.unsubscribeAsync(shared).catch(() => undefined);
      while (Date.now() - session.lastMessageAt < DRAIN_QUIET_MS)
        await new Promise((resolve) => setTimeout(resolve, DRAIN_QUIET_MS / 5));
      await session.settled();
      await session.client.endAsync();
    },
    async close() {
      // No more messages for this node; those it took in are acknowledged as they are stored
      // (ingestion still runs). What the broker still holds for the session waits for its return.
      if (client.connected) await client.unsubscribeAsync(shared).catch(() => undefined);
      await own.settled();
      // With the broker away, nothing queued can be sent: do not wait for it (commands pending
      // are followed by the node that claims this one's lease, or by this node when it returns).
      await client.endAsync(!client.connected);
    },
  };
}
