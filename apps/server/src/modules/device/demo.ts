import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { ProjectService } from '../project';
import { hashDeviceSecret, newDeviceSecret } from './bus/credentials';
import type { DeviceRuntime } from './runtime/device-runtime';

const DEMO_CODE = 'DEMO';
const CENTRE = { lng: 117.178249, lat: 34.161036 };
const GATEWAYS = 5;
const LAMPS = 20;

/**
 * Demo mode (`ICS_DEMO=1`, the default): on a fresh installation creates a demo project around
 * the default map centre with poles and gateways, then runs the simulator for it in this
 * process, so a new user sees live devices at once. The demo gateways get new credentials at
 * every start (only hashes are stored, so the simulator cannot reuse old ones).
 */
export async function startDemo(
  devices: DeviceRuntime,
  db: Database,
  projects: ProjectService,
  log: FastifyBaseLogger,
): Promise<void> {
  let projectId = await projects.idByCode(DEMO_CODE);
  if (!projectId) {
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from dev_gateway')) as [
      { n: number },
    ];
    if (n > 0) return; // not a fresh installation: no demo
    projectId = await createDemoProject(db, projects);
    log.info({ projectId }, 'demo project created');
  }
  const gateways = await db.query<{ id: string; sn: string }>(
    'select id, sn from dev_gateway where project_id = $1 order by sn',
    [projectId],
  );
  const credentials = [];
  for (const gw of gateways) {
    const password = newDeviceSecret();
    await db.query(
      'update dev_gateway set credential_hash = $2, credential_issued_at = now() where id = $1',
      [gw.id, await hashDeviceSecret(password)],
    );
    devices.directory.invalidate(gw.sn);
    credentials.push({ sn: gw.sn, password });
  }
  const url = devices.brokerUrl;
  if (!url || credentials.length === 0) return;
  const { Simulator } = await import('@ics/simulator');
  const simulator = new Simulator({
    url,
    gateways: credentials,
    lampsPerGateway: LAMPS,
    sensorsPerGateway: 1,
    screensPerGateway: 1,
    speakersPerGateway: 1,
    camerasPerGateway: 1,
    telemetryIntervalSeconds: 10,
    heartbeatSeconds: 30,
    faultRate: 0.0005,
    log: (line) => log.info(line),
  });
  await simulator.start();
  devices.onStop(() => simulator.stop());
}

/** The demo project (seen by the root department) and its devices, all or nothing. */
async function createDemoProject(db: Database, projects: ProjectService): Promise<string> {
  return db.transaction(async (tx) => {
    const projectId = await projects.createWithin(
      tx,
      {
        name: '演示项目 Demo',
        code: DEMO_CODE,
        region: '徐州 Xuzhou',
        longitude: CENTRE.lng,
        latitude: CENTRE.lat,
        timeZone: 'Asia/Shanghai',
        description: 'Simulated devices (ICS_DEMO=0 turns this off)',
        departIds: 'dep-root',
      },
      'system',
    );
    for (let g = 0; g < GATEWAYS; g++) {
      const sn = `DEMO-GW-${String(g + 1).padStart(2, '0')}`;
      const [gw] = await tx.query<{ id: string }>(
        `insert into dev_gateway (project_id, sn, name, model, create_by) values ($1, $2, $3, 'ICS-SIM-GW', 'system')
         returning id`,
        [projectId, sn, `演示网关 ${g + 1}`],
      );
      const addresses: string[] = [];
      const poles: string[] = [];
      const kinds: string[] = [];
      const names: string[] = [];
      const road = `演示路 Demo Road ${g + 1}`;
      for (let i = 1; i <= LAMPS; i++) {
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
