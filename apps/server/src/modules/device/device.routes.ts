import {
  childKinds,
  commandRoutes,
  deviceImportColumns,
  deviceListRoutes,
  deviceRoutes,
  gatewayRoutes,
  gatewaySnSchema,
  historyRoutes,
  type Language,
  lampExportRoutes,
  marks,
  poleRoutes,
  testConsoleRoutes,
} from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { addDeleteRoutes } from '../../http/crud-routes';
import { type AccessGuard, addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { ImportTracker } from '../../http/sheet-import';
import { listExport } from '../../http/xlsx-stream';
import type { DeviceService } from './device.service';
import { commandColumns, exportFileNames, gatewayColumns, lampColumns, poleColumns } from './device-exports';
import { importRows, invalid, missing, RowError, readSheet } from './device-import';
import { deviceFromRow } from './device-import-devices';

type Caller = { userId: string; username: string };

export type DeviceModuleDeps = { guard: AccessGuard; devices: DeviceService };

/** The column headers a pole sheet may use, by field. */
const poleImportColumns = {
  code: ['code', '编号', '灯杆编号'],
  name: ['name', '名称', '灯杆名称'],
  longitude: ['longitude', 'lng', '经度'],
  latitude: ['latitude', 'lat', '纬度'],
  road: ['road', '道路'],
  height: ['height', '高度', '杆高'],
};

/** The column headers a gateway sheet may use, by field. */
const gatewayImportColumns = {
  sn: ['sn', '序列号', '网关序列号'],
  name: ['name', '名称', '网关名称'],
  pole: ['pole', 'pole code', '灯杆', '灯杆编号'],
  model: ['model', '型号'],
};

/** Registry, state, history, commands and the device test console's API. */
export function registerDeviceRoutes(app: FastifyInstance, { guard, devices }: DeviceModuleDeps): void {
  const me = (c: Caller | null) => c!;
  // One import per user at a time, read off the main thread; the console polls its progress.
  const imports = new ImportTracker();
  /**
   * One import of the caller's: reads the sheet, then `prepare` answers how to add one row
   * (after looking up what every row needs); answers the counts and the rows that failed.
   */
  const importSheet = (
    caller: Caller | null,
    lang: Language,
    file: string,
    aliases: Record<string, readonly string[]>,
    prepare: () => Promise<(values: Record<string, string>) => Promise<void>>,
  ) =>
    imports.run(me(caller).userId, async (report) => {
      const rows = await readSheet(file, aliases, report.read);
      const addRow = await prepare();
      report.importing(rows.length);
      const result = await importRows(rows, lang, addRow, report.imported);
      return withMessage(result, 'device.import_done', {
        imported: result.imported,
        failed: result.errors.length,
      });
    });
  // Only those who may import have imports to follow (least privilege: no open data route).
  const importMarks = [
    marks.lighting.pole.import,
    marks.lighting.gateway.import,
    marks.lighting.device.import,
  ];
  addRoute(app, guard, deviceRoutes.importProgress, async ({ caller }) => {
    await requireAnyMark(guard, caller!, importMarks);
    return imports.progressOf(me(caller).userId);
  });

  // Poles
  addRoute(app, guard, poleRoutes.list, ({ caller, query }) => devices.listPoles(me(caller).userId, query));
  addRoute(app, guard, poleRoutes.queryById, ({ caller, query }) =>
    devices.getPole(me(caller).userId, query.id),
  );
  addRoute(app, guard, poleRoutes.add, ({ caller, body }) =>
    devices.addPole(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, poleRoutes.edit, ({ caller, body }) =>
    devices.editPole(me(caller).userId, me(caller).username, body),
  );
  addDeleteRoutes(app, guard, poleRoutes, (caller, ids) => devices.deletePoles(caller.userId, ids));
  addRoute(app, guard, poleRoutes.importExcel, ({ caller, body, lang }) =>
    importSheet(caller, lang, body.file, poleImportColumns, async () => async (v) => {
      for (const field of ['code', 'name', 'longitude', 'latitude']) if (!v[field]) throw missing(field);
      const lng = Number(v.longitude);
      const lat = Number(v.latitude);
      if (!Number.isFinite(lng) || Math.abs(lng) > 180) throw invalid('longitude');
      if (!Number.isFinite(lat) || Math.abs(lat) > 90) throw invalid('latitude');
      const height = v.height ? Number(v.height) : null;
      if (height !== null && !Number.isFinite(height)) throw invalid('height');
      await devices.addPole(me(caller).userId, me(caller).username, {
        projectId: body.projectId,
        code: v.code!,
        name: v.name!,
        longitude: lng,
        latitude: lat,
        road: v.road || null,
        height,
      });
    }),
  );

  // Gateways
  addRoute(app, guard, gatewayRoutes.list, ({ caller, query }) =>
    devices.listGateways(me(caller).userId, query),
  );
  addRoute(app, guard, gatewayRoutes.queryById, ({ caller, query }) =>
    devices.getGateway(me(caller).userId, query.id),
  );
  addRoute(app, guard, gatewayRoutes.add, async ({ caller, body }) =>
    withMessage(
      await devices.addGateway(me(caller).userId, me(caller).username, body),
      'device.credentials_issued',
    ),
  );
  addRoute(app, guard, gatewayRoutes.edit, ({ caller, body }) =>
    devices.editGateway(me(caller).userId, me(caller).username, body),
  );
  addDeleteRoutes(app, guard, gatewayRoutes, (caller, ids) => devices.deleteGateways(caller.userId, ids));
  addRoute(app, guard, gatewayRoutes.rotateCredentials, async ({ caller, body }) =>
    withMessage(await devices.rotateCredentials(me(caller).userId, body.id), 'device.credentials_issued'),
  );
  addRoute(app, guard, gatewayRoutes.events, ({ caller, query }) =>
    devices.listEvents(me(caller).userId, query),
  );
  addRoute(app, guard, gatewayRoutes.importExcel, ({ caller, body, lang }) =>
    importSheet(caller, lang, body.file, gatewayImportColumns, async () => {
      const { poleByCode } = await devices.importTargets(me(caller).userId, body.projectId);
      return async (v) => {
        if (!v.sn) throw missing('sn');
        if (!gatewaySnSchema.safeParse(v.sn).success) throw invalid('sn');
        if (!v.name) throw missing('name');
        const poleId = v.pole ? poleByCode.get(v.pole) : null;
        if (poleId === undefined) throw invalid('pole');
        await devices.addGateway(me(caller).userId, me(caller).username, {
          projectId: body.projectId,
          sn: v.sn,
          name: v.name,
          poleId,
          model: v.model || null,
        });
      };
    }),
  );

  // Devices behind gateways, one list per kind
  for (const kind of childKinds) {
    addRoute(app, guard, deviceListRoutes[kind], ({ caller, query }) =>
      devices.listDevices(me(caller).userId, kind, query),
    );
  }
  addRoute(app, guard, deviceRoutes.queryById, ({ caller, query }) =>
    devices.getDevice(me(caller).userId, query.id),
  );
  addRoute(app, guard, deviceRoutes.add, ({ caller, body }) =>
    devices.addDevice(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, deviceRoutes.importExcel, ({ caller, body, lang }) =>
    importSheet(caller, lang, body.file, deviceImportColumns, async () => {
      const targets = await devices.importTargets(me(caller).userId, body.projectId);
      return async (v) => {
        const device = deviceFromRow(v, targets);
        if (!(await devices.addImportedDevice(me(caller).username, device)))
          throw new RowError('device.address_taken', 'address', { address: device.address });
      };
    }),
  );
  addRoute(app, guard, deviceRoutes.edit, ({ caller, body }) =>
    devices.editDevice(me(caller).userId, me(caller).username, body),
  );
  addRoute(app, guard, deviceRoutes.delete, async ({ caller, query }) => {
    await devices.deleteDevice(me(caller).userId, query.id);
    return null;
  });

  // History
  addRoute(app, guard, historyRoutes.lamp, ({ caller, query }) =>
    devices.history(me(caller).userId, 'lamp', query),
  );
  addRoute(app, guard, historyRoutes.sensor, ({ caller, query }) =>
    devices.history(me(caller).userId, 'sensor', query),
  );

  // Commands
  for (const area of ['lamp', 'gateway', 'screen', 'speaker', 'test'] as const) {
    addRoute(app, guard, commandRoutes[area], async ({ caller, body }) => {
      const result = await devices.sendCommand(me(caller), area, body);
      return withMessage(result, 'device.commands_sent', { count: result.commands.length });
    });
  }
  addRoute(app, guard, commandRoutes.list, ({ caller, query }) =>
    devices.listCommands(me(caller).userId, query),
  );
  // Exports of the lighting lists: the list's filters, every page, streamed.
  const file = exportFileNames;
  const poles = listExport(poleColumns, (u, q) => devices.listPoles(u, q), file.poles);
  const gateways = listExport(gatewayColumns, (u, q) => devices.listGateways(u, q), file.gateways);
  const lamps = listExport(lampColumns, (u, q) => devices.listDevices(u, 'lamp', q), file.lamps);
  const commands = listExport(commandColumns, (u, q) => devices.listCommands(u, q), file.commands);
  addRoute(app, guard, poleRoutes.exportXls, poles);
  addRoute(app, guard, gatewayRoutes.exportXls, gateways);
  addRoute(app, guard, lampExportRoutes.exportXls, lamps);
  addRoute(app, guard, commandRoutes.exportXls, commands);
  addRoute(app, guard, commandRoutes.status, ({ caller, query }) =>
    devices.commandStatus(me(caller).userId, query.ids),
  );

  // Device test console
  addRoute(app, guard, testConsoleRoutes.search, ({ caller, query }) =>
    devices.search(me(caller).userId, query.keyword, query.limit),
  );
  addRoute(app, guard, testConsoleRoutes.raw, ({ caller, query }) =>
    devices.rawMessages(me(caller).userId, query.gatewayId, query.after),
  );
  addRoute(app, guard, testConsoleRoutes.commandStatus, ({ caller, query }) =>
    devices.commandStatus(me(caller).userId, query.ids),
  );
}
