import { describe, expect, it } from 'vitest';
import { PubackQueue } from './puback-queue';

function connection() {
  const written: number[] = [];
  const unacknowledged: number[] = [];
  const state = { dropped: false };
  const acks = new PubackQueue({
    write: (packet) => written.push(packet.readUInt16BE(2)),
    drop: () => {
      state.dropped = true;
    },
    storedUnacknowledged: (messageId) => unacknowledged.push(messageId),
  });
  return { acks, written, state, unacknowledged };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('PubackQueue', () => {
  it('acknowledges each message once stored, in the order the messages came', async () => {
    const { acks, written } = connection();
    const telemetry = deferred();
    acks.add(7, telemetry.promise);
    acks.add(8, undefined);
    await turn();
    expect(written).toEqual([]);
    const settled = acks.settled();
    telemetry.resolve();
    await settled;
    expect(written).toEqual([7, 8]);
    acks.add(9, undefined);
    expect(written).toEqual([7, 8, 9]);
  });

  it('drops the connection instead of acknowledging a message that may not be stored', async () => {
    const { acks, written, state } = connection();
    const telemetry = deferred();
    acks.add(1, telemetry.promise);
    acks.add(2, undefined);
    const settled = acks.settled();
    telemetry.reject(new Error('flush failed'));
    await settled;
    expect(state.dropped).toBe(true);
    acks.add(3, undefined);
    expect(written).toEqual([]);
  });

  it('names the messages stored after their connection went, which the sender will send again', async () => {
    const { acks, written, unacknowledged } = connection();
    const first = deferred();
    const second = deferred();
    const lost = deferred();
    acks.add(1, first.promise);
    acks.add(2, second.promise);
    acks.add(3, lost.promise);
    second.resolve();
    await turn();
    acks.close();
    first.resolve();
    lost.reject(new Error('flush failed'));
    await turn();
    expect(written).toEqual([]);
    expect(unacknowledged.sort()).toEqual([1, 2]);
  });
});
