import type { RealtimeMessage, WatchMessage } from '@ics/contract/server';
import type { Delivery, FanOut } from './fan-out';

/** The part of a `ws` WebSocket the hub uses. */
export type ConsoleSocket = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  once(event: 'close', listener: () => void): unknown;
};

const OPEN = 1;
/** The devices a socket wants in `device.state` pushes (absent: all of them). */
type Watch = 'all' | ReadonlySet<string>;
type StateEntry = { id: string };

/** Close code telling the console the server restarts its side; it reconnects after 5 s. */
export const CLOSE_SERVER_RESTART = 1012;

/**
 * Console sockets of this node, by user. Sending goes through the fan-out so that a message
 * reaches the user's sockets on whichever API node they are connected to.
 */
export class Realtime {
  private readonly sockets = new Map<string, Set<ConsoleSocket>>();
  private readonly watches = new WeakMap<ConsoleSocket, Watch>();
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

  /** What the socket wants of the `device.state` pushes from now on (see `WatchMessage`). */
  watch(socket: ConsoleSocket, devices: WatchMessage['devices']): void {
    this.watches.set(socket, devices === 'all' ? 'all' : new Set(devices));
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
    const message = delivery.message;
    // Serialised only when a socket of this node is addressed: device state goes to every
    // administrator each second, whether or not any of them has a console open here.
    let text: string | undefined;
    const statePush = isStatePush(message);
    /** The push's devices by id, built once when a socket watches a list. */
    let byId: Map<string, StateEntry> | undefined;
    const sendTo = (socket: ConsoleSocket) => {
      if (socket.readyState !== OPEN) return;
      const watch = statePush ? (this.watches.get(socket) ?? 'all') : 'all';
      if (watch === 'all') {
        text ??= JSON.stringify(message);
        socket.send(text);
        return;
      }
      if (watch.size === 0) return;
      byId ??= new Map(stateEntries(message).map((entry) => [entry.id, entry]));
      const watched: StateEntry[] = [];
      for (const id of watch) {
        const entry = byId.get(id);
        if (entry) watched.push(entry);
      }
      if (watched.length) socket.send(JSON.stringify({ ...message, payload: { devices: watched } }));
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

function isStatePush(message: RealtimeMessage): boolean {
  return message.cmd === 'device' && (message as { kind?: unknown }).kind === 'device.state';
}

/**
 * The devices of a `device.state` push. The payload built on this node is serialised lazily
 * (`StateFanout`: its `toJSON` lists the devices); one from another node arrives parsed.
 */
function stateEntries(message: RealtimeMessage): StateEntry[] {
  const payload = (message as { payload?: { toJSON?: () => unknown; devices?: unknown } }).payload;
  const plain = (typeof payload?.toJSON === 'function' ? payload.toJSON() : payload) as
    | { devices?: unknown }
    | undefined;
  return Array.isArray(plain?.devices) ? (plain.devices as StateEntry[]) : [];
}
