import { topics } from '@ics/contract/server';
import mqtt from 'mqtt';
import { type DeviceBus, deliver, type Uplink } from './device-bus';
import { PubackQueue } from './puback-queue';

/**
 * How long the broker keeps this node's session (its subscription, and the messages not yet
 * acknowledged or not yet sent to it) while the node is away: a restart after a crash finds them
 * there.
 */
const SESSION_EXPIRY_SECONDS = 600;

/**
 * mqtt.js sends a message's PUBACK when `handleMessage` calls back without an error, and handles
 * the next packet only then. Called back with this, it sends none and goes on: the bus sends the
 * PUBACK once the message is stored (puback-queue.ts), while later messages keep coming.
 */
const ACKNOWLEDGED_WHEN_STORED = new Error('acknowledged once stored');

/**
 * A client of an external broker. The uplink subscription is shared (`$share/{group}/…`), so
 * with several API nodes each message is handled by exactly one of them. The session is
 * persistent under `clientId`, stable per node: what the broker delivered and the node had not
 * acknowledged (QoS 1 messages are acknowledged once stored) comes again when it reconnects,
 * after a crash too.
 */
export async function connectExternalBroker(options: {
  url: string;
  clientId: string;
  uplink: Uplink;
  group?: string;
}): Promise<DeviceBus> {
  const shared = topics.sharedUp(options.group ?? 'ics-ingest');
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    // The session's messages come right after CONNACK: the handler must be in place first.
    manualConnect: true,
  });
  // The PUBACKs of the current connection; a new one starts with its first QoS 1 message.
  let acks: PubackQueue | null = null;
  const acksOfConnection = (): PubackQueue => {
    if (!acks) {
      const stream = client.stream;
      acks = new PubackQueue({
        write: (packet) => {
          if (!stream.destroyed) stream.write(packet);
        },
        // The broker sends what was not acknowledged again when the client reconnects.
        drop: () => stream.destroy(),
      });
    }
    return acks;
  };
  client.on('close', () => {
    acks?.close();
    acks = null;
  });
  // mqtt.js handles the next incoming packet only after this callback: backpressure.
  client.handleMessage = (packet, callback) => {
    const ack =
      packet.qos === 1 && packet.messageId !== undefined
        ? { acks: acksOfConnection(), messageId: packet.messageId }
        : undefined;
    deliver(
      options.uplink,
      { topic: packet.topic, payload: packet.payload as Buffer },
      () => callback(ack ? ACKNOWLEDGED_WHEN_STORED : undefined),
      ack,
    );
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
  await client.subscribeAsync(shared, { qos: 1 });
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
    async close() {
      // No more messages for this node; those it took in are acknowledged as they are stored
      // (ingestion still runs). What the broker still holds for the session waits for its return.
      if (client.connected) await client.unsubscribeAsync(shared).catch(() => undefined);
      await acks?.settled();
      await client.endAsync();
    },
  };
}
