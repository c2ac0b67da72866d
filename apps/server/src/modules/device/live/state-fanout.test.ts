import { describe, expect, it } from 'vitest';
import { LiveDevice } from '../ingest/live-device';
import { InProcessLiveEvents, type LiveEvent } from './live-events';
import { StateFanout } from './state-fanout';

type Pushed = { projectId: string; devices: Array<{ id: string; values?: Record<string, unknown> }> };

/** The fanout's pushes as a console receives them (serialised, as the WebSocket sends them). */
function capture() {
  const live = new InProcessLiveEvents();
  const pushes: Pushed[] = [];
  live.subscribe((event: LiveEvent) => {
    if (event.kind === 'device.state')
      pushes.push({ projectId: event.projectId, ...JSON.parse(JSON.stringify(event.payload)) });
  });
  // A long interval: the test emits by hand.
  return { fanout: new StateFanout(live, 3_600_000), pushes };
}

describe('state pushes', () => {
  it('lists a device once per push, with its state when the push is sent, per project', () => {
    const { fanout, pushes } = capture();
    const a1 = new LiveDevice('a1', 'P1', 'g1');
    const a2 = new LiveDevice('a2', 'P1', 'g1');
    const b1 = new LiveDevice('b1', 'P2', 'g2');
    a1.merge({ level: 10 }, false);
    fanout.addDevices([a1, a2, b1]);
    a1.merge({ level: 70 }, false);
    // Changed again in the same interval, also listed as part of a slice.
    fanout.addDevices([b1, a1, a2], 1, 2);
    fanout.emit();

    expect(pushes.map((p) => p.projectId).sort()).toEqual(['P1', 'P2']);
    const p1 = pushes.find((p) => p.projectId === 'P1')!;
    expect(p1.devices.map((d) => d.id)).toEqual(['a1', 'a2']);
    expect(p1.devices[0]!.values).toEqual({ level: 70 });
    expect(pushes.find((p) => p.projectId === 'P2')!.devices.map((d) => d.id)).toEqual(['b1']);

    // The next interval lists a device changed again, and nothing else.
    fanout.addDevices([a2]);
    fanout.emit();
    expect(pushes.slice(2)).toEqual([{ projectId: 'P1', devices: [expect.objectContaining({ id: 'a2' })] }]);
    fanout.emit();
    expect(pushes).toHaveLength(3);
  });
});
