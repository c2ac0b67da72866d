import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { TOPIC_PREFIX } from '@ics/contract/server';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { VerifiedSecrets } from './credentials';
import { type DeviceBus, deliver, type Uplink } from './device-bus';
import { isOwnClientId, isOwnDownFilter } from './gateway-acl';
import { PubackQueue } from './puback-queue';

/** Thrown when the embedded broker cannot listen; `main.ts` prints it as one line. */
export class BrokerPortError extends Error {}

/** Looks up the stored credential hash of a gateway sn; null when unknown or never issued. */
export type CredentialLookup = (sn: string) => Promise<string | null>;

/** A connection as the bus knows it once authenticated: its gateway's sn and PUBACKs. */
type GatewayClient = Client & { icsSn?: string; icsAcks?: PubackQueue };

const snOf = (client: Client | null): string | undefined => (client as GatewayClient | null)?.icsSn;

function authError(message: string, returnCode: AuthenticateError['returnCode'] = 4): AuthenticateError {
  const error = new Error(message) as AuthenticateError;
  error.returnCode = returnCode; // 4: bad username or password; 2: identifier rejected
  return error;
}

/** The embedded broker's settings (also the benchmark's bare broker's, through tools.ts). */
export const brokerSettings = {
  heartbeatInterval: 60_000,
  drainTimeout: 15_000,
  maxClientsIdLength: 128,
  maxTopicLevels: 8,
  connectTimeout: 15_000,
  // Messages delivered at once: commands going down, a batch's to thousands of gateways
  // (uplink messages do not pass here, see authorizePublish).
  concurrency: 20_000,
} as const;

export async function startEmbeddedBroker(options: {
  port: number;
  host?: string;
  lookup: CredentialLookup;
  uplink: Uplink;
}): Promise<DeviceBus> {
  const verified = new VerifiedSecrets();
  const broker = await Aedes.createBroker({ id: `ics-${randomBytes(4).toString('hex')}`, ...brokerSettings });
  const sessionHandlers: Array<(sn: string, connected: boolean) => void> = [];
  const openSessions = new Map<string, number>();
  const pubackQueues = new Set<PubackQueue>();
  const acksOf = (client: GatewayClient): PubackQueue => {
    if (!client.icsAcks) {
      client.icsAcks = new PubackQueue({
        write: (packet) => {
          if (!client.closed) client.conn.write(packet);
        },
        drop: () => client.close(),
      });
      pubackQueues.add(client.icsAcks);
    }
    return client.icsAcks;
  };

  broker.authenticate = (client, username, password, done) => {
    const sn = username ?? '';
    const secret = password?.toString('utf8') ?? '';
    if (!sn || !secret || sn.length > 64) return done(authError('credentials required'), false);
    if (!isOwnClientId(client.id, sn)) return done(authError('client id must be the sn', 2), false);
    options
      .lookup(sn)
      .then(async (stored) => {
        if (!stored || !(await verified.verify(sn, stored, secret)))
          return done(authError('bad credentials'), false);
        (client as GatewayClient).icsSn = sn;
        done(null, true);
      })
      .catch(() => done(authError('credentials unavailable'), false));
  };
  // Uplink messages are taken in here rather than through a subscription, where the sender is
  // no longer known: the bus acknowledges a QoS 1 message itself once it is stored (aedes would
  // acknowledge it as it arrives, before delivering it). A gateway publishes only under
  // ics/v1/{its sn}/up/ and subscribes only under .../down/. The sender's next packets are read
  // only after `callback`, so a deferred one is backpressure on that gateway alone.
  broker.authorizePublish = (client, packet, callback) => {
    if (!client) return callback(null); // the platform's own: commands
    const sn = snOf(client);
    if (!sn || !packet.topic.startsWith(`${TOPIC_PREFIX}/${sn}/up/`)) {
      return callback(new Error(`publish to ${packet.topic} not allowed`));
    }
    // A will has no message id: nobody to acknowledge.
    const ack =
      packet.qos === 1 && packet.messageId !== undefined
        ? { acks: acksOf(client), messageId: packet.messageId }
        : undefined;
    // Passed on as QoS 0, for which aedes sends no PUBACK: the bus sends it.
    if (ack) packet.qos = 0;
    deliver(
      options.uplink,
      { topic: packet.topic, payload: packet.payload as Buffer },
      () => callback(null),
      ack,
    );
  };
  broker.authorizeSubscribe = (client, subscription, callback) => {
    const sn = snOf(client);
    if (!sn || !isOwnDownFilter(subscription.topic, sn)) return callback(null, null); // granted QoS 128
    callback(null, subscription);
  };
  // Retained messages and wills are the gateway's own business; nothing is forwarded between gateways.
  broker.on('clientReady', (client) => {
    const sn = snOf(client);
    if (!sn) return;
    openSessions.set(sn, (openSessions.get(sn) ?? 0) + 1);
    for (const h of sessionHandlers) h(sn, true);
  });
  broker.on('clientDisconnect', (client) => {
    const acks = (client as GatewayClient).icsAcks;
    if (acks) {
      acks.close();
      pubackQueues.delete(acks);
    }
    const sn = snOf(client);
    if (!sn) return;
    const left = (openSessions.get(sn) ?? 1) - 1;
    if (left <= 0) openSessions.delete(sn);
    else openSessions.set(sn, left);
    if (left <= 0) for (const h of sessionHandlers) h(sn, false);
  });

  const server = net.createServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host ?? '0.0.0.0', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new BrokerPortError(
        `MQTT port ${options.port} is already in use: stop the other broker, set MQTT_PORT to a free port, or MQTT_URL to use that broker`,
      );
    if (code === 'EACCES')
      throw new BrokerPortError(
        `not allowed to listen on MQTT port ${options.port}: choose one above 1024 with MQTT_PORT`,
      );
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    kind: 'embedded',
    url: `mqtt://localhost:${port}`,
    get connected() {
      return server.listening;
    },
    onSession: (handler) => sessionHandlers.push(handler),
    // Every node is its own broker: no session of another node is held here.
    drainSession: async () => undefined,
    publish: (topic, payload, qos) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    async close() {
      // Ingestion still runs: what it stores meanwhile is acknowledged before the gateways go.
      await Promise.all([...pubackQueues].map((acks) => acks.settled()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
