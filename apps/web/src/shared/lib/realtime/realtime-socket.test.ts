import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeConnection, type SocketLike } from './realtime-socket';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
}

describe('realtime connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  const connect = () =>
    createRealtimeConnection({
      url: () => 'ws://x/ics/websocket/u1?token=t',
      createSocket: (u) => new FakeSocket(u),
    });

  it('sends the announcement when a socket opens, again after a reconnect, and once per change', () => {
    const conn = connect();
    conn.announce('{"cmd":"watch","devices":[]}');
    conn.start();
    const first = FakeSocket.all[0]!;
    expect(first.sent).toEqual([]);
    first.open();
    expect(first.sent).toEqual(['{"cmd":"watch","devices":[]}']);
    conn.announce('{"cmd":"watch","devices":"all"}');
    conn.announce('{"cmd":"watch","devices":"all"}');
    expect(first.sent).toEqual(['{"cmd":"watch","devices":[]}', '{"cmd":"watch","devices":"all"}']);
    first.onclose?.({});
    vi.advanceTimersByTime(5_000);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent).toEqual(['{"cmd":"watch","devices":"all"}']);
  });

  it('sends HeartBeat every 20 s while open', () => {
    const conn = connect();
    conn.start();
    const socket = FakeSocket.all[0]!;
    socket.open();
    vi.advanceTimersByTime(19_999);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(20_000);
    expect(socket.sent).toEqual(['HeartBeat', 'HeartBeat']);
    conn.stop();
  });

  it('reconnects 5 s after a close, once even when error and close both fire', () => {
    const conn = connect();
    conn.start();
    const first = FakeSocket.all[0]!;
    first.open();
    first.onerror?.({});
    first.onclose?.({});
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // A failed attempt tries again after another 5 s.
    FakeSocket.all[1]!.onclose?.({});
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(3);
    conn.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
    expect(FakeSocket.all[2]!.closed).toBe(true);
  });

  it('hands JSON messages with a cmd to the listeners', () => {
    const conn = connect();
    const seen: unknown[] = [];
    conn.subscribe((m) => seen.push(m));
    conn.start();
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.onmessage?.({ data: '{"cmd":"user","msgId":"1","msgTxt":"hi"}' });
    socket.onmessage?.({ data: 'not json' });
    socket.onmessage?.({ data: '{"no":"cmd"}' });
    expect(seen).toEqual([{ cmd: 'user', msgId: '1', msgTxt: 'hi' }]);
    conn.stop();
  });
});
