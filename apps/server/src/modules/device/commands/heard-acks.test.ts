import { describe, expect, it } from 'vitest';
import { type HeardAck, HeardAcks } from './heard-acks';

const ack = (over: Partial<HeardAck> = {}): HeardAck => ({
  id: 'cmd-1',
  gatewayId: 'gw-1',
  status: 'acked',
  reason: null,
  result: { level: 20 },
  ts: 1_700_000_000_000,
  ...over,
});

const row = (
  over: Partial<{
    id: string;
    gateway_id: string;
    message_id: string | null;
    device_address: string | null;
  }> = {},
) => ({
  id: 'cmd-1',
  gateway_id: 'gw-1',
  message_id: null,
  device_address: 'L001',
  ...over,
});

describe('HeardAcks', () => {
  it('answers a single-device ack for the row with its id, from its own gateway only', () => {
    const heard = new HeardAcks();
    heard.add(ack());
    expect(heard.outcomeOf(row())).toMatchObject({
      status: 'acked',
      result: { level: 20 },
      ts: 1_700_000_000_000,
    });
    expect(heard.outcomeOf(row({ gateway_id: 'gw-2' }))).toBeUndefined();
    expect(heard.outcomeOf(row({ id: 'cmd-2' }))).toBeUndefined();
  });

  it('answers a multi-device ack per listed device, and its status for the others', () => {
    const heard = new HeardAcks();
    heard.add(
      ack({
        id: 'msg-1',
        status: 'failed',
        reason: 'partly',
        result: null,
        devices: [
          { dev: 'L001', status: 'acked', reason: null, result: { level: 30 } },
          { dev: 'L002', status: 'failed', reason: 'dimming failure', result: null },
        ],
      }),
    );
    const of = (address: string) =>
      heard.outcomeOf(row({ id: `row-${address}`, message_id: 'msg-1', device_address: address }));
    expect(of('L001')).toMatchObject({ status: 'acked', result: { level: 30 } });
    expect(of('L002')).toMatchObject({ status: 'failed', reason: 'dimming failure' });
    expect(of('L003')).toMatchObject({ status: 'failed', reason: 'partly', result: null });
    expect(heard.outcomeOf(row({ id: 'row-L001', message_id: 'msg-1', gateway_id: 'gw-2' }))).toBeUndefined();
  });

  it('keeps an ack until a while after its write, then forgets it', () => {
    const heard = new HeardAcks();
    const first = ack();
    heard.add(first);
    heard.prune(first.ts + 60_000);
    expect(heard.outcomeOf(row())).toBeDefined(); // not written yet: kept however long it takes

    heard.written([first], 1_000);
    heard.prune(5_000);
    expect(heard.outcomeOf(row())).toBeDefined();
    heard.prune(11_001);
    expect(heard.outcomeOf(row())).toBeUndefined();
    expect(heard.size).toBe(0);
  });

  it('does not forget a newer ack of the same command when an older one’s write ends', () => {
    const heard = new HeardAcks();
    const older = ack({ status: 'failed', reason: 'busy' });
    const newer = ack({ ts: older.ts + 1 });
    heard.add(older);
    heard.add(newer);
    heard.written([older], 0);
    heard.prune(60_000);
    expect(heard.outcomeOf(row())).toMatchObject({ status: 'acked' });
  });
});
