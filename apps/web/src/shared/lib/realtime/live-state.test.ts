import type { DeviceLiveEvent } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { applyOutcomes } from './control-job';
import { toDeviceEvent } from './device-events';
import { applyDeviceEvent, type LivePatches, mergeState } from './live-state';

const base = { online: true, lastSeen: null, values: { on: true, level: 80 }, faults: [] };

describe('live device state', () => {
  it('merges state pushes value by value', () => {
    let patches: LivePatches = new Map();
    const push = (devices: object[]): DeviceLiveEvent =>
      ({ kind: 'device.state', projectId: 'p', payload: { devices } }) as DeviceLiveEvent;
    patches = applyDeviceEvent(patches, push([{ id: 'd1', gatewayId: 'g', values: { level: 30 } }]));
    patches = applyDeviceEvent(patches, push([{ id: 'd1', gatewayId: 'g', values: { power: 12 } }]));
    expect(mergeState(base, patches.get('d1'))).toEqual({
      online: true,
      lastSeen: null,
      values: { on: true, level: 30, power: 12 },
      faults: [],
    });
  });

  it('follows online changes and faults', () => {
    let patches: LivePatches = new Map();
    patches = applyDeviceEvent(patches, {
      kind: 'device.online',
      projectId: 'p',
      payload: { gatewayId: 'g', deviceId: 'd1', online: false, ts: 0 },
    });
    expect(mergeState(base, patches.get('d1')).online).toBe(false);
    const same = applyDeviceEvent(patches, {
      kind: 'device.fault',
      projectId: 'p',
      payload: { gatewayId: 'g', deviceId: 'd2', code: 'lampFailure', active: true, ts: 0 },
    });
    expect(same).toBe(patches);
  });

  it('recognises device messages only', () => {
    expect(toDeviceEvent({ cmd: 'heartcheck', msgTxt: 'x' })).toBeNull();
    expect(toDeviceEvent({ cmd: 'device', kind: 'device.raw', payload: {} })).not.toBeNull();
  });

  it('merges pushed control outcomes into the job', () => {
    const job = {
      id: 'j',
      source: 'manual' as const,
      action: 'off',
      level: null,
      until: null,
      rejected: [],
      done: false,
      createBy: null,
      createTime: '',
      total: 2,
      pending: 2,
      acked: 0,
      failed: 0,
      timeout: 0,
      outcomes: [],
    };
    const next = applyOutcomes(job, {
      jobId: 'j',
      counts: { total: 2, pending: 1, acked: 1, failed: 0, timeout: 0 },
      done: false,
      outcomes: [{ deviceId: 'd', commandId: 'c', status: 'acked', reason: null }],
    });
    expect(next).toMatchObject({ acked: 1, pending: 1 });
    expect(next.outcomes?.[0]?.status).toBe('acked');
    expect(applyOutcomes(job, { jobId: 'other', counts: job, done: true, outcomes: [] })).toBe(job);
  });
});
