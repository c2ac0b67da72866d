import type { DemoDistrict, DemoLighting } from '../modules/device';
import type { LightingModule } from '../modules/lighting';

/**
 * Who sets the district up: the administrator the first start seeds (the lighting services
 * check every change against the caller's projects, and an administrator sees them all).
 */
const ACTOR = { userId: 'user-admin', username: 'system' };

/**
 * Lays out the demo district's street lighting through the lighting module, as an operator
 * would: an area with a road per street (its poles put on it), a lamp group per street, one
 * cabinet whose circuits each feed a street, and a strategy for the whole project that lights
 * at sunset, dims at 23:00 and switches off at sunrise. Runs once, when the demo project is
 * created (`startDemo`), so that later edits to it are the user's to keep.
 */
export async function furnishDemoDistrict(lighting: LightingModule, district: DemoDistrict): Promise<void> {
  const { userId, username } = ACTOR;
  const { projectId, streets } = district;
  const area = await lighting.areas.addArea(userId, username, {
    projectId,
    name: '彭城街道',
    code: 'PC',
    sortNo: 0,
  });
  for (const [i, street] of streets.entries()) {
    const road = await lighting.areas.addRoad(userId, username, {
      areaId: area.id,
      name: street.name,
      sortNo: i,
    });
    await lighting.areas.assignRoad(userId, street.poleIds, road.id);
    await lighting.groups.add(userId, username, {
      projectId,
      name: `${street.name}路灯`,
      remark: null,
      lampIds: street.lampIds,
    });
  }
  const first = streets[0]!;
  const cabinet = await lighting.cabinets.add(userId, username, {
    projectId,
    code: 'PC-XB-01',
    name: '彭城1号箱变',
    gatewayId: first.gatewayId,
    poleId: first.poleIds[0]!,
    remark: null,
    circuitCount: 0,
  });
  for (const [i, street] of streets.entries()) {
    const circuit = await lighting.circuits.add(userId, {
      cabinetId: cabinet.id,
      channel: i + 1,
      name: `${street.name}回路`,
    });
    await lighting.circuits.addLamps(userId, circuit.id, street.lampIds);
  }
  await lighting.strategies.add(userId, username, {
    projectId,
    name: '全年日落日出',
    priority: 0,
    enabled: true,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    actions: [
      { at: { type: 'sunset', offsetMinutes: 0 }, action: 'on', level: 100 },
      { at: { type: 'clock', time: '23:00' }, action: 'dim', level: 50 },
      { at: { type: 'sunrise', offsetMinutes: 0 }, action: 'off' },
    ],
    targets: [{ kind: 'project', id: projectId }],
    fallbackLevel: 80,
    remark: null,
  });
}

/** The demo's street lighting as the device module's demo asks for it (see `DemoLighting`). */
export function demoLighting(lighting: LightingModule): DemoLighting {
  return {
    furnish: (district) => furnishDemoDistrict(lighting, district),
    levelNow: async (lampId) => (await lighting.scheduledLevels.at(new Date())).get(lampId)?.level ?? null,
  };
}
