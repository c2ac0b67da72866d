import { describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../../test/harness';
import { registerDevices } from '../device.repository';
import { LiveDevice } from '../ingest/live-device';
import { type DeviceRef, GatewayDirectory, type GatewayInfo, reconcile } from './gateway-directory';

type Row = Parameters<typeof reconcile>[2][number];
const row = (address: string, id: string, at: number | null = null): Row => ({
  id,
  address,
  kind: 'lamp',
  online: at === null ? null : true,
  on: at === null ? null : true,
  level: at === null ? null : 80,
  faults: at === null ? null : [],
  at,
});
const gateway = { id: 'gw-1', sn: 'SN-1', projectId: 'p-1', credentialHash: 'hash' };

/** The entry as first loaded, with the devices in `heard` linked to their live state. */
function loaded(rows: Row[], heard: string[]): GatewayInfo {
  const info = reconcile(null, gateway, rows);
  for (const address of heard) {
    const ref = info.devices.get(address)!;
    ref.live = new LiveDevice(ref.id, gateway.projectId, gateway.id);
    ref.stored = undefined;
  }
  return info;
}

describe('gateway directory: an entry loaded again', () => {
  it('is the same entry, with the same device references, when nothing changed', () => {
    const rows = [row('L1', 'd1'), row('L2', 'd2')];
    const first = loaded(rows, ['L1', 'L2']);
    const again = reconcile(first, { ...gateway }, [row('L1', 'd1', 5), row('L2', 'd2', 5)]);
    expect(again).toBe(first);
    expect(again.devices.get('L1')!.live).toBeInstanceOf(LiveDevice);
  });

  it('keeps the references of devices heard from and gives the others their stored state again', () => {
    const first = loaded([row('L1', 'd1'), row('L2', 'd2')], ['L1']);
    const again = reconcile(first, gateway, [row('L1', 'd1', 5), row('L2', 'd2', 7)]);
    expect(again).not.toBe(first);
    expect(again.devices.get('L1')).toBe(first.devices.get('L1'));
    const fresh = again.devices.get('L2')!;
    expect(fresh).not.toBe(first.devices.get('L2'));
    expect(fresh.stored).toMatchObject({ at: 7, level: 80 });
  });

  it('follows devices added, removed and re-created at the same address', () => {
    const first = loaded([row('L1', 'd1'), row('L2', 'd2'), row('L3', 'd3')], ['L1', 'L2', 'L3']);
    const again = reconcile(first, gateway, [row('L1', 'd1'), row('L2', 'd2-new'), row('L4', 'd4')]);
    expect(again).not.toBe(first);
    expect([...again.devices.keys()]).toEqual(['L1', 'L2', 'L4']);
    expect(again.devices.get('L1')).toBe(first.devices.get('L1'));
    for (const [address, id] of [
      ['L2', 'd2-new'],
      ['L4', 'd4'],
    ] as const) {
      expect(again.devices.get(address)!.id).toBe(id);
      expect(again.devices.get(address)!.live).toBeUndefined();
    }
  });

  it('reuses nothing when the gateway moved to another project', () => {
    const first = loaded([row('L1', 'd1')], ['L1']);
    const moved = reconcile(first, { ...gateway, projectId: 'p-2' }, [row('L1', 'd1')]);
    expect(moved.projectId).toBe('p-2');
    // No live state: the ingestion links the device again and gives it the new project.
    expect(moved.devices.get('L1')!.live).toBeUndefined();
  });

  it('is a new entry when the credentials were rotated, the device references kept', () => {
    const first = loaded([row('L1', 'd1')], ['L1']);
    const rotated = reconcile(first, { ...gateway, credentialHash: 'other' }, [row('L1', 'd1')]);
    expect(rotated).not.toBe(first);
    expect(rotated.credentialHash).toBe('other');
    expect(rotated.devices.get('L1')).toBe(first.devices.get('L1'));
  });
});

describeWithApp('gateway directory: entries reloaded when old', (ctx) => {
  it('hands back the very same objects after a reload that found nothing changed', async () => {
    const { db } = ctx();
    const [project] = await db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Directory', 'DIR') returning id`,
    );
    const [gw] = await db.query<{ id: string }>(
      `insert into dev_gateway (project_id, sn, name) values ($1, 'DIR-GW', 'gw') returning id`,
      [project!.id],
    );
    await registerDevices(db, { id: gw!.id, projectId: project!.id }, [
      { dev: 'L1', kind: 'lamp' },
      { dev: 'L2', kind: 'lamp' },
    ]);
    // Entries expire at once: every look-up loads the gateway again.
    const directory = new GatewayDirectory(db, 0);
    const first = (await directory.get('DIR-GW'))!;
    for (const ref of first.devices.values()) ref.live = new LiveDevice(ref.id, first.projectId, first.id);
    const again = await directory.get('DIR-GW');
    expect(directory.loads).toBe(2);
    expect(again).toBe(first);

    await registerDevices(db, { id: gw!.id, projectId: project!.id }, [{ dev: 'L3', kind: 'lamp' }]);
    const grown = (await directory.get('DIR-GW'))!;
    expect(grown).not.toBe(first);
    expect(grown.devices.size).toBe(3);
    const kept = (address: string): DeviceRef | undefined => grown.devices.get(address);
    expect(kept('L1')).toBe(first.devices.get('L1'));
    expect(kept('L3')!.live).toBeUndefined();
  });
});
