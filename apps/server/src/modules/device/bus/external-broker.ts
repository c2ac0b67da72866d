import { randomBytes } from 'node:crypto';
import { topics } from '@ics/contract/server';
import mqtt from 'mqtt';
import { type DeviceBus, deliver, type MessageHandler } from './device-bus';

/**
 * A client of an external broker. The uplink subscription is shared (`$share/{group}/…`), so
 * with several API nodes each message is handled by exactly one of them.
 */
export async function connectExternalBroker(options: { url: string; group?: string }): Promise<DeviceBus> {
  const messageHandlers: MessageHandler[] = [];
  const client = await mqtt.connectAsync(options.url, {
    clientId: `ics-server-${randomBytes(6).toString('hex')}`,
    clean: true,
    protocolVersion: 5,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });
  // mqtt.js handles the next incoming packet only after this callback: backpressure.
  client.handleMessage = (packet, callback) =>
    deliver(messageHandlers, packet.topic, packet.payload as Buffer, () => callback());
  await client.subscribeAsync(topics.sharedUp(options.group ?? 'ics-ingest'), { qos: 1 });
  return {
    kind: 'external',
    url: options.url,
    get connected() {
      return client.connected;
    },
    onMessage: (handler) => messageHandlers.push(handler),
    onSession: () => undefined,
    publish: async (topic, payload, qos) => {
      await client.publishAsync(topic, payload, { qos });
    },
    async close() {
      await client.endAsync();
    },
  };
}
