import type { CommandRepository, FollowedRow } from './command.repository';
import type { LapsedLease, NodeLeaseRepository } from './node-lease.repository';

export type NodeLeaseLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What the lease hands over to the node's command tracker. */
export type Follower = {
  /** Follow these pending commands (retries, timeout) from now on. */
  follow(rows: readonly FollowedRow[]): void;
  /** Another node took this node's commands over: stop following them. */
  forgetAll(): void;
};

/**
 * This node's lease in the database, renewed a few times per lease period. Pending commands
 * carry the node that sent them; when a node's lease lapses (it died, or lost the database for
 * longer than the lease), one other node claims it and takes over the retries and timeouts of
 * its pending commands — first draining what the broker still holds for the dead node's
 * session (acks among it), so that a command acked meanwhile is not sent again. A node starting
 * again under its id follows what it left pending, unless another node claimed it first.
 */
export class NodeLease {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly leases: NodeLeaseRepository,
    private readonly commands: CommandRepository,
    private readonly follower: Follower,
    private readonly log: NodeLeaseLog,
    private readonly options: {
      nodeId: string;
      /** This node's client id on an external broker (null: the embedded broker, no session to drain). */
      mqttClientId: string | null;
      seconds: number;
      /** Takes in what the broker holds for a lapsed node's persistent session, then ends it. */
      drainSession?: (clientId: string) => Promise<void>;
    },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.renew();
    this.follower.follow(await this.commands.followed(this.options.nodeId));
    this.timer = setInterval(
      () => {
        this.beating = this.beating.then(() =>
          this.beat().catch((err: Error) => this.log.error({ err }, 'node lease')),
        );
      },
      (this.options.seconds * 1000) / 3,
    );
    this.timer.unref();
  }

  /** Stops renewing and ends the lease, so that another node takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.beating;
    await this.leases.release(this.options.nodeId).catch(() => undefined);
  }

  /** One heartbeat: renew this node's lease, then take over the lapsed ones. */
  async beat(): Promise<void> {
    if (this.stopped) return;
    await this.renew();
    for (const lapsed of await this.leases.lapsed(this.options.nodeId)) {
      if (this.stopped) return;
      await this.takeOver(lapsed);
    }
  }

  private async renew(): Promise<void> {
    const takenBy = await this.leases.renew(
      this.options.nodeId,
      this.options.mqttClientId,
      this.options.seconds,
    );
    if (takenBy && takenBy !== this.options.nodeId) {
      this.log.info(
        { node: this.options.nodeId, takenBy },
        'node lease had lapsed: its commands were taken over',
      );
      this.follower.forgetAll();
    }
  }

  private async takeOver(lapsed: LapsedLease): Promise<void> {
    const { claimed, ids } = await this.commands.claimLapsed(lapsed.nodeId, this.options.nodeId);
    if (!claimed) return;
    this.log.info({ node: lapsed.nodeId, commands: ids.length }, 'took over a lapsed node');
    if (lapsed.mqttClientId && this.options.drainSession)
      await this.options
        .drainSession(lapsed.mqttClientId)
        .catch((err: Error) =>
          this.log.error({ err, node: lapsed.nodeId }, 'draining a lapsed node session'),
        );
    if (ids.length) this.follower.follow(await this.commands.followed(this.options.nodeId, ids));
  }
}
