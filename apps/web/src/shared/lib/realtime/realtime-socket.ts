import {
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_TEXT,
  RECONNECT_DELAY_MS,
  type RealtimeMessage,
} from '@ics/contract';

/** The part of the browser's WebSocket the client uses (a fake in unit tests). */
export type SocketLike = {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  readyState: number;
  send(data: string): void;
  close(): void;
};

export type RealtimeListener = (message: RealtimeMessage) => void;

export type RealtimeOptions = {
  /** The socket address, computed at each attempt (the token may change). */
  url: () => string | null;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  setRepeat?: (fn: () => void, ms: number) => unknown;
  clearRepeat?: (handle: unknown) => void;
  heartbeatMs?: number;
  reconnectMs?: number;
};

const OPEN = 1;

/**
 * The console's WebSocket (spec §4, §7): sends "HeartBeat" every 20 s while open, reconnects
 * 5 s after a close or an error with one attempt at a time, and hands every JSON message with
 * a `cmd` to the listeners (announcements `topic`/`user`, device pushes `device`).
 */
export function createRealtimeConnection(options: RealtimeOptions) {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const setRepeat = options.setRepeat ?? ((fn, ms) => setInterval(fn, ms));
  const clearRepeat = options.clearRepeat ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
  const reconnectMs = options.reconnectMs ?? RECONNECT_DELAY_MS;

  const listeners = new Set<RealtimeListener>();
  let socket: SocketLike | null = null;
  let heartbeat: unknown = null;
  let reconnectTimer: unknown = null;
  let stopped = true;
  let attempts = 0;
  /** What the console last said it wants (`announce`): sent again by every new socket. */
  let announcement: string | null = null;

  const stopHeartbeat = () => {
    if (heartbeat !== null) clearRepeat(heartbeat);
    heartbeat = null;
  };

  const scheduleReconnect = () => {
    // One attempt at a time: a close that follows an error does not schedule a second one.
    if (stopped || reconnectTimer !== null) return;
    reconnectTimer = setTimer(() => {
      reconnectTimer = null;
      open();
    }, reconnectMs);
  };

  const open = () => {
    if (stopped) return;
    const url = options.url();
    if (!url) return;
    attempts += 1;
    let current: SocketLike;
    try {
      current = createSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (announcement !== null) current.send(announcement);
      stopHeartbeat();
      heartbeat = setRepeat(() => {
        if (socket === current && current.readyState === OPEN) current.send(HEARTBEAT_TEXT);
      }, heartbeatMs);
    };
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!message || typeof message !== 'object' || typeof (message as { cmd?: unknown }).cmd !== 'string')
        return;
      for (const listener of [...listeners]) listener(message as RealtimeMessage);
    };
    const lost = () => {
      if (socket !== current) return;
      socket = null;
      stopHeartbeat();
      scheduleReconnect();
    };
    current.onclose = lost;
    current.onerror = lost;
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      open();
    },
    stop() {
      stopped = true;
      stopHeartbeat();
      if (reconnectTimer !== null) clearTimer(reconnectTimer);
      reconnectTimer = null;
      const current = socket;
      socket = null;
      if (current) {
        current.onclose = null;
        current.onerror = null;
        current.onmessage = null;
        try {
          current.close();
        } catch {
          // already closed
        }
      }
    },
    subscribe(listener: RealtimeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Tells the server something that holds until said otherwise (which devices' state the
     * console wants): sent now when the socket is open, and again by every socket opened later.
     */
    announce(text: string) {
      if (text === announcement) return;
      announcement = text;
      if (socket?.readyState === OPEN) socket.send(text);
    },
    /** How many sockets were opened so far (diagnostics and tests). */
    attempts: () => attempts,
  };
}

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;
