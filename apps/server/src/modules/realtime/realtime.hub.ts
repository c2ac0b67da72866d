import type { RealtimeMessage } from '@ics/contract';
import type { Delivery, FanOut } from './fan-out';

/** The part of a `ws` WebSocket the hub uses. */
export type ConsoleSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  once(event: 'close', listener: () => void): unknown;
};

const OPEN = 1;
/** Close code telling the console the server restarts its side; it reconnects after 5 s. */
export const CLOSE_SERVER_RESTART = 1012;

/**
 * Console sockets of this node, by user. Sending goes through the fan-out so that a message
 * reaches the user's sockets on whichever API node they are connected to.
 */
export class Realtime {
  private readonly sockets = new Map<string, Set<ConsoleSocket>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly fanOut: FanOut) {
    this.unsubscribe = fanOut.subscribe((delivery) => this.deliver(delivery));
  }

  /** Keeps a connected socket until it closes. */
  attach(userId: string, socket: ConsoleSocket): void {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    socket.once('close', () => {
      const current = this.sockets.get(userId);
      current?.delete(socket);
      if (current?.size === 0) this.sockets.delete(userId);
    });
  }

  sendToUser(userId: string, message: RealtimeMessage): Promise<void> {
    return this.sendToUsers([userId], message);
  }

  sendToUsers(userIds: Iterable<string>, message: RealtimeMessage): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return Promise.resolve();
    return this.fanOut.publish({ to: 'users', userIds: ids, message });
  }

  broadcast(message: RealtimeMessage): Promise<void> {
    return this.fanOut.publish({ to: 'all', message });
  }

  /** Closes every console socket on every node; returns how many this node closed. */
  async disconnectAll(): Promise<number> {
    const local = this.connectionCount();
    await this.fanOut.publish({ to: 'control', action: 'disconnectAll' });
    return local;
  }

  /** Open sockets on this node, of one user or of everyone. */
  connectionCount(userId?: string): number {
    if (userId !== undefined) return this.sockets.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.closeAll(1001, 'server shutting down');
    await this.fanOut.close();
  }

  private deliver(delivery: Delivery): void {
    if (delivery.to === 'control') {
      this.closeAll(CLOSE_SERVER_RESTART, 'disconnected by the server');
      return;
    }
    // Serialised only when a socket of this node is addressed: device state goes to every
    // administrator each second, whether or not any of them has a console open here.
    let text: string | undefined;
    const sendTo = (socket: ConsoleSocket) => {
      if (socket.readyState !== OPEN) return;
      text ??= JSON.stringify(delivery.message);
      socket.send(text);
    };
    if (delivery.to === 'all') {
      for (const set of this.sockets.values()) for (const socket of set) sendTo(socket);
      return;
    }
    for (const userId of delivery.userIds) {
      for (const socket of this.sockets.get(userId) ?? []) sendTo(socket);
    }
  }

  private closeAll(code: number, reason: string): void {
    for (const set of this.sockets.values()) for (const socket of set) socket.close(code, reason);
  }
}
