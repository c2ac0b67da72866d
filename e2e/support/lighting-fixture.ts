import { type SimulatedGateway, Simulator } from '@ics/simulator';
import { apiClient, type Product } from './product';

type Page<T> = { records: T[]; total: number };
type Lamp = {
  id: string;
  address: string;
  gatewayId: string;
  poleId: string | null;
  state: { values: Record<string, unknown> };
};

/** A project with one gateway (simulated, `lamps` lamps and optionally sensors) and a pole per lamp. */
export type LightingFixture = {
  api: Awaited<ReturnType<typeof apiClient>>;
  projectId: string;
  gatewayId: string;
  sn: string;
  lamps: Lamp[];
  poleCodes: string[];
  simulator: Simulator;
  gateway: SimulatedGateway;
  stop(): Promise<void>;
};

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sets up the project through the public API and connects a simulated gateway to the broker. */
export async function createLightingFixture(
  product: Product,
  lampCount = 3,
  options: { sensors?: number } = {},
): Promise<LightingFixture> {
  const api = await apiClient(product);
  const { id: projectId } = await api.post<{ id: string }>('/sys/project/add', {
    name: 'E2E Lighting',
    code: 'E2E',
    longitude: 117.178249,
    latitude: 34.161036,
    timeZone: 'Asia/Shanghai',
    departIds: 'dep-root',
  });
  const sn = 'E2E-GW-01';
  const gw = await api.post<{ id: string; credentials: { password: string } }>('/lighting/gateway/add', {
    projectId,
    sn,
    name: 'E2E gateway',
  });
  const simulator = new Simulator({
    url: product.mqttUrl,
    gateways: [{ sn, password: gw.credentials.password }],
    lampsPerGateway: lampCount,
    sensorsPerGateway: options.sensors ?? 0,
    telemetryIntervalSeconds: 3600,
    heartbeatSeconds: 30,
  });
  await simulator.start();
  const gateway = simulator.gateways[0] as SimulatedGateway;
  if (!gateway.connected) throw new Error('the simulated gateway did not connect');
  // Hello registers the lamps; a first telemetry gives them state.
  const lamps = await waitFor(async () => {
    const page = await api.get<Page<Lamp>>(`/lighting/lamp/list?pageSize=100&gatewayId=${gw.id}`);
    return page.total === lampCount ? page.records : null;
  });
  await gateway.telemetry();
  const poleCodes: string[] = [];
  for (const [i, lamp] of lamps.entries()) {
    const code = `E2E-P${String(i + 1).padStart(3, '0')}`;
    const pole = await api.post<{ id: string }>('/lighting/pole/add', {
      projectId,
      code,
      name: `Pole ${i + 1}`,
      longitude: 117.178249 + i * 0.0005,
      latitude: 34.161036,
      road: 'E2E Road',
      height: 10,
    });
    await api.put('/lighting/device/edit', { id: lamp.id, poleId: pole.id });
    poleCodes.push(code);
  }
  await waitFor(async () => {
    const page = await api.get<Page<Lamp>>(`/lighting/lamp/list?pageSize=100&gatewayId=${gw.id}`);
    return page.records.every((l) => typeof l.state.values.level === 'number');
  });
  return {
    api,
    projectId,
    gatewayId: gw.id,
    sn,
    lamps: [...lamps].sort((a, b) => a.address.localeCompare(b.address)),
    poleCodes,
    simulator,
    gateway,
    stop: () => simulator.stop(),
  };
}

/** The simulated lamp's state (what the device itself reports). */
export function simLamp(gateway: SimulatedGateway, address: string) {
  const lamp = gateway.devices.get(address)?.lamp;
  if (!lamp) throw new Error(`no simulated lamp ${address}`);
  return lamp;
}

/**
 * Gives every lighting list a row to show: a group of the fixture's lamps, a cabinet with two
 * circuits, a two-action strategy, and a dim of every lamp (the command log's rows, acked).
 */
export async function furnishLightingLists(fixture: LightingFixture, dimLevel: number): Promise<void> {
  const lampIds = fixture.lamps.map((l) => l.id);
  await fixture.api.post('/lighting/group/add', { projectId: fixture.projectId, name: 'Night', lampIds });
  await fixture.api.post('/lighting/cabinet/add', {
    projectId: fixture.projectId,
    code: 'CAB-01',
    name: 'North cabinet',
    gatewayId: fixture.gatewayId,
    circuitCount: 2,
  });
  await fixture.api.post('/lighting/strategy/add', {
    projectId: fixture.projectId,
    name: 'Evening',
    actions: [
      { at: { type: 'sunset', offsetMinutes: 10 }, action: 'on', level: 80 },
      { at: { type: 'clock', time: '23:30' }, action: 'dim', level: 30 },
    ],
    targets: [{ kind: 'project', id: fixture.projectId }],
  });
  await fixture.api.post('/lighting/control/send', {
    scope: 'lamps',
    ids: lampIds,
    action: 'dim',
    level: dimLevel,
  });
  await waitFor(async () => {
    const page = await fixture.api.get<{ records: { status: string }[] }>('/lighting/command/list');
    return page.records.length >= lampIds.length && page.records.every((c) => c.status === 'acked');
  });
}
