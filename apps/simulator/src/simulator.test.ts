import type { CommandMessage } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { SimulatedGateway } from './simulator';

// A gateway that is never connected: its publishes are dropped, its state is what is checked.
const gateway = (faultRate: number) =>
  new SimulatedGateway(
    { sn: 'GW-T', password: 'x' },
    { url: 'mqtt://127.0.0.1:1', gateways: [], lampsPerGateway: 60, faultRate },
  );

const lamps = (gw: SimulatedGateway) => [...gw.devices.values()].filter((d) => d.lamp);

const dim = (dev: string, level: number): CommandMessage =>
  ({ id: `c-${dev}`, ts: Date.now(), cmd: 'lamp.dim', dev, params: { level } }) as CommandMessage;

describe('simulated faults', () => {
  it('raises one fault per lamp, of several kinds, and clears it at the next chance', async () => {
    const gw = gateway(1);
    await gw.telemetry();
    const raised = lamps(gw).map((d) => [...d.lamp!.faults]);
    expect(raised.every((f) => f.length === 1)).toBe(true);
    expect(new Set(raised.flat())).toEqual(new Set(['lampFailure', 'supplyLoss', 'controlGearCommFailure']));
    await gw.telemetry();
    expect(lamps(gw).every((d) => d.lamp!.faults.size === 0)).toBe(true);
  });

  it('keeps a standing fault from the start, whatever the random faults do', async () => {
    const gw = new SimulatedGateway(
      { sn: 'GW-T', password: 'x' },
      {
        url: 'mqtt://127.0.0.1:1',
        gateways: [],
        lampsPerGateway: 3,
        faultRate: 1,
        standingFaults: [
          { sn: 'GW-T', dev: 'L002', code: 'lampFailure' },
          { sn: 'OTHER', dev: 'L001', code: 'supplyLoss' },
        ],
      },
    );
    const standing = gw.devices.get('L002')!;
    expect(gw.reading(standing).faults).toEqual(['lampFailure']);
    expect(gw.reading(gw.devices.get('L001')!).faults).toEqual([]);
    for (let tick = 0; tick < 3; tick++) {
      await gw.telemetry();
      expect([...standing.lamp!.faults]).toEqual(['lampFailure']);
    }
  });

  it('starts its lamps at the level asked, off at 0', () => {
    const at = (lampLevel?: number) =>
      new SimulatedGateway(
        { sn: 'GW-T', password: 'x' },
        {
          url: 'mqtt://127.0.0.1:1',
          gateways: [],
          lampsPerGateway: 1,
          ...(lampLevel === undefined ? {} : { lampLevel }),
        },
      );
    const first = (gw: SimulatedGateway) => gw.reading(lamps(gw)[0]!);
    expect(first(at())).toMatchObject({ on: true, level: 80 });
    expect(first(at(100))).toMatchObject({ on: true, level: 100 });
    expect(first(at(0))).toMatchObject({ on: false, level: 0, power: 0 });
  });

  it('shows each fault in the lamp’s readings and its answers to commands', async () => {
    const gw = gateway(0);
    const [failed, unpowered, unreachable, sound] = lamps(gw);
    failed!.lamp!.faults.add('lampFailure');
    unpowered!.lamp!.faults.add('supplyLoss');
    unreachable!.lamp!.faults.add('controlGearCommFailure');

    const failedReading = gw.reading(failed!);
    expect(failedReading).toMatchObject({ on: true, power: 0, current: 0 });
    expect(failedReading.voltage).toBeGreaterThan(200);
    expect(gw.reading(unpowered!)).toMatchObject({ voltage: 0, power: 0, faults: ['supplyLoss'] });
    expect(gw.reading(sound!).power).toBeGreaterThan(0);

    expect(gw.execute(dim(unreachable!.dev, 30))).toMatchObject({
      status: 'error',
      reason: 'control gear not responding',
    });
    expect(unreachable!.lamp!.level).toBe(80);
    expect(gw.execute(dim(sound!.dev, 30))).toMatchObject({ status: 'ok', result: { level: 30 } });
  });
});
