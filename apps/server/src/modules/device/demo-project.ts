import type { Database } from '../../db/database';
import type { ProjectService } from '../project';

/** The demo project's code. */
export const DEMO_CODE = 'DEMO';
const CENTRE = { lng: 117.178249, lat: 34.161036 };
const GATEWAYS = 5;
/** Lamps per demo gateway. */
export const DEMO_LAMPS = 20;

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
 * Creates the demo project around the default map centre: poles, and gateways marked `demo`
 * with lamps, a sensor, a screen, a speaker and a camera each.
 */
export async function createDemoProject(db: Database, projects: ProjectService): Promise<string> {
  return db.transaction(async (tx) => {
    // Seen by the root department, and so by every department below it.
    const projectId = await projects.createWithin(
      tx,
      {
        name: '演示项目 Demo',
        code: DEMO_CODE,
        region: '徐州 Xuzhou',
        longitude: CENTRE.lng,
        latitude: CENTRE.lat,
        timeZone: 'Asia/Shanghai',
        description:
          '演示片区：模拟的路灯、网关与传感器 · Demo district: simulated street lights, gateways and sensors',
        departIds: 'dep-root',
      },
      'system',
    );
    for (let g = 0; g < GATEWAYS; g++) {
      const sn = `DEMO-GW-${String(g + 1).padStart(2, '0')}`;
      const [gw] = await tx.query<{ id: string }>(
        `insert into dev_gateway (project_id, sn, name, model, demo, create_by)
         values ($1, $2, $3, 'ICS-SIM-GW', true, 'system') returning id`,
        [projectId, sn, `演示网关 ${g + 1}`],
      );
      const addresses: string[] = [];
      const poles: string[] = [];
      const kinds: string[] = [];
      const names: string[] = [];
      const road = `演示路 Demo Road ${g + 1}`;
      for (let i = 1; i <= DEMO_LAMPS; i++) {
        const lng = CENTRE.lng - 0.01 + g * 0.005;
        const lat = CENTRE.lat - 0.005 + i * 0.0005;
        const [pole] = await tx.query<{ id: string }>(
          `insert into dev_pole (project_id, code, name, longitude, latitude, road, height, create_by)
           values ($1, $2, $3, $4, $5, $6, 10, 'system') returning id`,
          [projectId, `P${g + 1}-${String(i).padStart(3, '0')}`, `灯杆 ${g + 1}-${i}`, lng, lat, road],
        );
        addresses.push(`L${String(i).padStart(3, '0')}`);
        poles.push(pole!.id);
        kinds.push('lamp');
        names.push(`路灯 ${g + 1}-${i}`);
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
        names.push(`${name} ${g + 1}`);
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
    }
    return projectId;
  });
}
