import type { Database } from '../../db/database';
import type { ProjectService } from '../project';

/** The demo project's code. */
export const DEMO_CODE = 'DEMO';

/** The demo project's name and description in both languages (migration 0138 gave older demos these). */
export const DEMO_TEXTS = {
  name: '彭城示范片区',
  nameEn: 'Pengcheng District',
  description: '解放路、建国路、彭城路的智慧路灯，一座配电柜三条回路，日落开灯、23:00 调光、日出关灯',
  descriptionEn:
    'Smart street lights on Jiefang, Jianguo and Pengcheng Roads: one cabinet with three circuits, ' +
    'on at sunset, dimmed at 23:00, off at sunrise',
};
const CENTRE = { lng: 117.178249, lat: 34.161036 };
/** Lamps per demo gateway: one gateway serves one street, a lamp on each pole. */
export const DEMO_LAMPS = 20;

/**
 * The demo district's streets, each a polyline of offsets (degrees) from the centre along which
 * its poles stand at even spacing: two roads crossing east–west and one running north–south.
 */
const STREETS: ReadonlyArray<{ name: string; path: ReadonlyArray<readonly [number, number]> }> = [
  {
    name: '解放路',
    path: [
      [-0.011, -0.0035],
      [-0.002, -0.003],
      [0.006, -0.0015],
      [0.011, -0.0005],
    ],
  },
  {
    name: '建国路',
    path: [
      [-0.01, 0.0045],
      [-0.001, 0.004],
      [0.005, 0.0052],
      [0.01, 0.0068],
    ],
  },
  {
    name: '彭城路',
    path: [
      [-0.0045, 0.009],
      [-0.004, 0.002],
      [-0.003, -0.004],
      [-0.0025, -0.009],
    ],
  },
];

/** A street of the demo as created: its gateway, and its poles and lamps in order along it. */
export type DemoStreet = { name: string; gatewayId: string; poleIds: string[]; lampIds: string[] };
/** What the demo project was created with, for the lighting set-up that follows it. */
export type DemoDistrict = { projectId: string; streets: DemoStreet[] };

/** `count` points at even spacing along a polyline, both ends included. */
export function pointsAlong(
  path: ReadonlyArray<readonly [number, number]>,
  count: number,
): Array<[number, number]> {
  const lengths = path.slice(1).map(([x, y], i) => Math.hypot(x - path[i]![0], y - path[i]![1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  const points: Array<[number, number]> = [];
  for (let k = 0; k < count; k++) {
    let along = count === 1 ? 0 : (total * k) / (count - 1);
    let leg = 0;
    while (leg < lengths.length - 1 && along > lengths[leg]!) along -= lengths[leg++]!;
    const t = lengths[leg] ? Math.min(1, along / lengths[leg]!) : 0;
    const [x0, y0] = path[leg]!;
    const [x1, y1] = path[leg + 1]!;
    points.push([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]);
  }
  return points;
}

/** Whether this is a fresh installation, where the demo project is created: no gateway yet. */
export async function isFreshInstallation(db: Database): Promise<boolean> {
  const [row] = await db.query<{ fresh: boolean }>('select not exists (select 1 from dev_gateway) as fresh');
  return row?.fresh === true;
}

/** The gateways the demo created in its project (marked `demo`), not those users added there. */
export function demoGateways(db: Database, projectId: string): Promise<Array<{ id: string; sn: string }>> {
  return db.query<{ id: string; sn: string }>(
    'select id, sn from dev_gateway where project_id = $1 and demo order by sn',
    [projectId],
  );
}

/**
 * Creates the demo project around the default map centre: poles along its streets, and one
 * gateway marked `demo` per street with a lamp on each pole and a sensor, a screen, a speaker
 * and a camera on its first pole.
 */
export async function createDemoProject(db: Database, projects: ProjectService): Promise<DemoDistrict> {
  return db.transaction(async (tx) => {
    // Seen by the root department, and so by every department below it.
    const projectId = await projects.createWithin(
      tx,
      {
        ...DEMO_TEXTS,
        code: DEMO_CODE,
        region: '徐州 Xuzhou',
        longitude: CENTRE.lng,
        latitude: CENTRE.lat,
        timeZone: 'Asia/Shanghai',
        departIds: 'dep-root',
      },
      'system',
    );
    const streets: DemoStreet[] = [];
    for (const [g, street] of STREETS.entries()) {
      const sn = `DEMO-GW-${String(g + 1).padStart(2, '0')}`;
      const [gw] = await tx.query<{ id: string }>(
        `insert into dev_gateway (project_id, sn, name, model, demo, create_by)
         values ($1, $2, $3, 'ICS-SIM-GW', true, 'system') returning id`,
        [projectId, sn, `${street.name}集中控制器`],
      );
      const addresses: string[] = [];
      const poles: string[] = [];
      const kinds: string[] = [];
      const names: string[] = [];
      for (const [n, [dx, dy]] of pointsAlong(street.path, DEMO_LAMPS).entries()) {
        const i = n + 1;
        const [pole] = await tx.query<{ id: string }>(
          `insert into dev_pole (project_id, code, name, longitude, latitude, road, height, create_by)
           values ($1, $2, $3, $4, $5, $6, 10, 'system') returning id`,
          [
            projectId,
            `P${g + 1}-${String(i).padStart(3, '0')}`,
            `${street.name} ${i}号杆`,
            CENTRE.lng + dx,
            CENTRE.lat + dy,
            street.name,
          ],
        );
        addresses.push(`L${String(i).padStart(3, '0')}`);
        poles.push(pole!.id);
        kinds.push('lamp');
        names.push(`${street.name} ${i}号灯`);
      }
      for (const [kind, address, name] of [
        ['sensor', 'S001', '环境传感器'],
        ['screen', 'D001', '信息屏'],
        ['speaker', 'R001', '广播音柱'],
        ['camera', 'C001', '摄像头'],
      ] as const) {
        addresses.push(address);
        poles.push(poles[0]!);
        kinds.push(kind);
        names.push(`${street.name}${name}`);
      }
      await tx.query(
        `insert into dev_device (project_id, gateway_id, pole_id, kind, address, name, create_by)
         select $1, $2, v.pole_id, v.kind, v.address, v.name, 'system'
           from unnest($3::text[], $4::text[], $5::text[], $6::text[]) as v(pole_id, kind, address, name)`,
        [projectId, gw!.id, poles, kinds, addresses, names],
      );
      await tx.query(
        `insert into dev_state (device_id) select id from dev_device where gateway_id = $1 on conflict do nothing`,
        [gw!.id],
      );
      const lamps = await tx.query<{ id: string }>(
        `select id from dev_device where gateway_id = $1 and kind = 'lamp' order by address`,
        [gw!.id],
      );
      streets.push({
        name: street.name,
        gatewayId: gw!.id,
        poleIds: poles.slice(0, DEMO_LAMPS),
        lampIds: lamps.map((l) => l.id),
      });
    }
    return { projectId, streets };
  });
}
