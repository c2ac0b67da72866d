import { describe, expect, it } from 'vitest';
import { Redeliveries } from './redeliveries';

const reading = (ts: number) => ({ topic: 'ics/v1/GW/up/telemetry', payload: Buffer.from(`{"ts":${ts}}`) });

describe('Redeliveries', () => {
  it('knows a message stored after its connection went when the resumed session sends it again', () => {
    const r = new Redeliveries();
    expect(r.storedBefore(1, reading(1), false)).toBe(false);
    r.storedUnacknowledged(1);
    r.connectionClosed();
    r.connected(true);
    expect(r.storedBefore(1, reading(1), true)).toBe(true);
    // Once only: the broker has its PUBACK now.
    expect(r.storedBefore(1, reading(1), true)).toBe(false);
  });

  it('knows the messages acknowledged just before the connection went', () => {
    const r = new Redeliveries();
    r.storedBefore(7, reading(7), false);
    r.acknowledge(7);
    r.connectionClosed();
    r.connected(true);
    expect(r.storedBefore(7, reading(7), true)).toBe(true);
  });

  it('takes in a new message under a packet id used before, or any message of a lost session', () => {
    const r = new Redeliveries();
    r.storedBefore(3, reading(3), false);
    r.storedUnacknowledged(3);
    r.connectionClosed();
    r.connected(true);
    expect(r.storedBefore(3, reading(4), true)).toBe(false);
    expect(r.storedBefore(3, reading(3), false)).toBe(false);
    r.storedUnacknowledged(3);
    r.connectionClosed();
    r.connected(false);
    expect(r.storedBefore(3, reading(3), true)).toBe(false);
  });

  it('forgets a message that was not stored (its write failed)', () => {
    const r = new Redeliveries();
    r.storedBefore(5, reading(5), false);
    r.connectionClosed();
    r.connected(true);
    expect(r.storedBefore(5, reading(5), true)).toBe(false);
  });
});
