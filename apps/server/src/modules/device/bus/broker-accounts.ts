import { randomUUID } from 'node:crypto';
import { TOPIC_PREFIX, topics } from '@ics/contract/server';
import type { MqttClient } from 'mqtt';

/**
 * The broker's own accounts, kept equal to the platform's gateway credentials: a gateway's
 * password is issued (or rotated) on the broker before the platform hands it out, and removed
 * when the gateway is. With the embedded broker there is nothing to keep: it checks the
 * platform's hashes itself (`noBrokerAccounts`).
 */
export type BrokerAccounts = {
  /** Creates the gateway's account (or sets its password), limited to its own topics. */
  issue(sn: string, password: string): Promise<void>;
  /** Removes the gateway's account; its connections are closed. Unknown sns are no error. */
  remove(sn: string): Promise<void>;
  close(): Promise<void>;
};

export const noBrokerAccounts: BrokerAccounts = {
  issue: async () => undefined,
  remove: async () => undefined,
  close: async () => undefined,
};

/** The broker answered a command with an error, or did not answer. */
export class BrokerAccountError extends Error {}

const CONTROL = '$CONTROL/dynamic-security/v1';
const ANSWER_MS = 5_000;
/** The role of the platform's own client: every gateway's uplink (shared), every downlink. */
const PLATFORM_ROLE = 'ics-platform';
const gatewayRole = (sn: string) => `ics-gw-${sn}`;

type Command = Record<string, unknown> & { command: string };
type Answer = { command: string; error?: string; correlationData?: string };

/**
 * Mosquitto's dynamic-security plugin, driven over `$CONTROL/dynamic-security/v1` as its
 * administrator: each gateway is a client (username = sn) with a role of its own that may
 * publish under `ics/v1/{sn}/up/` and subscribe to and receive `ics/v1/{sn}/down/` only;
 * anonymous clients are refused by the plugin's default. At start it also gives the platform's
 * own account (the user of `MQTT_URL`) the role it needs.
 */
export class DynsecAccounts implements BrokerAccounts {
  private readonly waiting = new Map<string, (answer: Answer) => void>();

  private constructor(private readonly client: MqttClient) {
    client.on('message', (_topic, payload) => {
      let body: { responses?: Answer[] };
      try {
        body = JSON.parse(payload.toString());
      } catch {
        return;
      }
      for (const answer of body.responses ?? []) {
        const done = answer.correlationData ? this.waiting.get(answer.correlationData) : undefined;
        if (done) done(answer);
      }
    });
  }

  static async connect(options: {
    url: string;
    username: string;
    password: string;
    /** The platform's own account on the broker (from MQTT_URL), given the platform role. */
    platform?: { username: string; password: string };
  }): Promise<DynsecAccounts> {
    const url = new URL(options.url);
    url.username = '';
    url.password = '';
    // Loaded only with the broker's dynamic-security plugin configured (see external-broker.ts).
    const { default: mqtt } = await import('mqtt');
    const client = await mqtt.connectAsync(url.toString(), {
      clientId: `ics-dynsec-${randomUUID().slice(0, 8)}`,
      username: options.username,
      password: options.password,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
    });
    await client.subscribeAsync(`${CONTROL}/response`, { qos: 1 });
    const accounts = new DynsecAccounts(client);
    if (options.platform) await accounts.ensurePlatform(options.platform.username, options.platform.password);
    return accounts;
  }

  async issue(sn: string, password: string): Promise<void> {
    const role = gatewayRole(sn);
    await this.run({ command: 'createRole', rolename: role }, ['already exists']);
    await this.run(
      {
        command: 'addRoleACL',
        rolename: role,
        acltype: 'publishClientSend',
        topic: `${TOPIC_PREFIX}/${sn}/up/#`,
        allow: true,
      },
      ['already exists'],
    );
    for (const acltype of ['subscribePattern', 'publishClientReceive'])
      await this.run(
        { command: 'addRoleACL', rolename: role, acltype, topic: topics.down(sn), allow: true },
        ['already exists'],
      );
    const created = await this.run(
      { command: 'createClient', username: sn, password, roles: [{ rolename: role }] },
      ['already exists'],
    );
    // An existing account: the new password, and its role alone.
    if (!created)
      await this.run({ command: 'modifyClient', username: sn, password, roles: [{ rolename: role }] });
  }

  async remove(sn: string): Promise<void> {
    await this.run({ command: 'deleteClient', username: sn }, ['not found']);
    await this.run({ command: 'deleteRole', rolename: gatewayRole(sn) }, ['not found']);
  }

  async close(): Promise<void> {
    // Forced: a command still queued while the broker is away has already failed for its caller.
    await this.client.endAsync(true);
  }

  private async ensurePlatform(username: string, password: string): Promise<void> {
    await this.run({ command: 'createRole', rolename: PLATFORM_ROLE }, ['already exists']);
    const acls: Array<[string, string]> = [
      ['subscribePattern', `${TOPIC_PREFIX}/+/up/+`],
      // Mosquitto 2.0 checks a shared subscription's filter with its `$share/{group}/` prefix.
      ['subscribePattern', `$share/+/${TOPIC_PREFIX}/+/up/+`],
      ['publishClientReceive', `${TOPIC_PREFIX}/+/up/+`],
      ['publishClientSend', `${TOPIC_PREFIX}/+/down/cmd`],
    ];
    for (const [acltype, topic] of acls)
      await this.run({ command: 'addRoleACL', rolename: PLATFORM_ROLE, acltype, topic, allow: true }, [
        'already exists',
      ]);
    const created = await this.run(
      { command: 'createClient', username, password, roles: [{ rolename: PLATFORM_ROLE }] },
      ['already exists'],
    );
    if (!created)
      await this.run({ command: 'modifyClient', username, password, roles: [{ rolename: PLATFORM_ROLE }] });
  }

  /**
   * Sends one command and waits for its answer. Answers false when the broker refused it with
   * an error containing one of `tolerated` (e.g. "already exists"), true when it succeeded.
   */
  private async run(command: Command, tolerated: string[] = []): Promise<boolean> {
    const correlationData = randomUUID();
    const answer = await new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(correlationData);
        reject(new BrokerAccountError(`the broker did not answer ${command.command}`));
      }, ANSWER_MS);
      this.waiting.set(correlationData, (a) => {
        clearTimeout(timer);
        this.waiting.delete(correlationData);
        resolve(a);
      });
      this.client
        .publishAsync(CONTROL, JSON.stringify({ commands: [{ ...command, correlationData }] }), { qos: 1 })
        .catch((error: Error) => {
          clearTimeout(timer);
          this.waiting.delete(correlationData);
          reject(new BrokerAccountError(error.message));
        });
    });
    if (!answer.error) return true;
    const error = answer.error.toLowerCase();
    if (tolerated.some((t) => error.includes(t))) return false;
    throw new BrokerAccountError(`${command.command}: ${answer.error}`);
  }
}
