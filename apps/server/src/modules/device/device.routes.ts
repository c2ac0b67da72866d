import {
  childKinds,
  commandRoutes,
  deviceImportColumns,
  deviceListRoutes,
  deviceRoutes,
  gatewayRoutes,
  gatewaySnSchema,
  historyRoutes,
  lampExportRoutes,
  marks,
  poleRoutes,
  testConsoleRoutes,
} from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type AccessGuard, addRoute, requireAnyMark, withMessage } from '../../http/routes';
import { ImportTracker } from '../../http/sheet-import';
import { listExport } from '../../http/xlsx-stream';
import type { DeviceService } from './device.service';
import { commandColumns, gatewayColumns, lampColumns, poleColumns } from './device-exports';
import { importRows, invalid, missing, RowError, readSheet } from './device-import';
import { deviceFromRow } from './device-import-devices';

export type DeviceModuleDeps = { guard: AccessGuard; devices: DeviceService };

const rowError = (key: 'device.import_row_missing' | 'device.import_row_invalid', field: string) =>
  key === 'device.import_row_missing' ? missing(field) : invalid(field);

/** Registry, state, history, commands and the device test console's API. */
export function registerDeviceRoutes(app: FastifyInstance, { guard, devices }: DeviceModuleDeps): void {
  const me = (c: { userId: string; username: string } | null) => c!;
  // One import per user at a time, read off the main thread; the console polls its progress.
  const imports = new ImportTracker();
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
  addRoute(app, guard, poleRoutes.delete, async ({ caller, query }) => {
    await devices.deletePoles(me(caller).userId, [query.id]);
    return null;
  });
  addRoute(app, guard, poleRoutes.deleteBatch, async ({ caller, query }) => {
    await devices.deletePoles(me(caller).userId, query.ids);
    return null;
  });
  addRoute(app, guard, poleRoutes.importExcel, ({ caller, body, lang }) =>
    imports.run(me(caller).userId, async (report) => {
      const rows = await readSheet(
        body.file,
        {
          code: ['code', '编号', '灯杆编号'],
          name: ['name', '名称', '灯杆名称'],
          longitude: ['longitude', 'lng', '经度'],
          latitude: ['latitude', 'lat', '纬度'],
          road: ['road', '道路'],
          height: ['height', '高度', '杆高'],
        },
        report.read,
      );
      report.importing(rows.length);
      const result = await importRows(
        rows,
        lang,
        async (v) => {
          for (const field of ['code', 'name', 'longitude', 'latitude'])
            if (!v[field]) throw rowError('device.import_row_missing', field);
          const lng = Number(v.longitude);
          const lat = Number(v.latitude);
          if (!Number.isFinite(lng) || Math.abs(lng) > 180)
            throw rowError('device.import_row_invalid', 'longitude');
          if (!Number.isFinite(lat) || Math.abs(lat) > 90)
            throw rowError('device.import_row_invalid', 'latitude');
          const height = v.height ? Number(v.height) : null;
          if (height !== null && !Number.isFinite(height))
            throw rowError('device.import_row_invalid', 'height');
          await devices.addPole(me(caller).userId, me(caller).username, {
            projectId: body.projectId,
            code: v.code!,
            name: v.name!,
            longitude: lng,
            latitude: lat,
            road: v.road || null,
            height,
          });
        },
        report.imported,
      );
      return withMessage(result, 'device.import_done', {
        imported: result.imported,
        failed: result.errors.length,
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
  addRoute(app, guard, gatewayRoutes.delete, async ({ caller, query }) => {
    await devices.deleteGateways(me(caller).userId, [query.id]);
    return null;
  });
  addRoute(app, guard, gatewayRoutes.deleteBatch, async ({ caller, query }) => {
    await devices.deleteGateways(me(caller).userId, query.ids);
    return null;
  });
  addRoute(app, guard, gatewayRoutes.rotateCredentials, async ({ caller, body }) =>
    withMessage(await devices.rotateCredentials(me(caller).userId, body.id), 'device.credentials_issued'),
  );
  addRoute(app, guard, gatewayRoutes.events, ({ caller, query }) =>
    devices.listEvents(me(caller).userId, query),
  );
  addRoute(app, guard, gatewayRoutes.importExcel, ({ caller, body, lang }) =>
    imports.run(me(caller).userId, async (report) => {
      const rows = await readSheet(
        body.file,
        {
          sn: ['sn', '序列号', '网关序列号'],
          name: ['name', '名称', '网关名称'],
          pole: ['pole', 'pole code', '灯杆', '灯杆编号'],
          model: ['model', '型号'],
        },
        report.read,
      );
      const { poleByCode } = await devices.importTargets(me(caller).userId, body.projectId);
      report.importing(rows.length);
      const result = await importRows(
        rows,
        lang,
        async (v) => {
          if (!v.sn) throw rowError('device.import_row_missing', 'sn');
          if (!gatewaySnSchema.safeParse(v.sn).success) throw rowError('device.import_row_invalid', 'sn');
          if (!v.name) throw rowError('device.import_row_missing', 'name');
          const poleId = v.pole ? poleByCode.get(v.pole) : null;
          if (poleId === undefined) throw rowError('device.import_row_invalid', 'pole');
          await devices.addGateway(me(caller).userId, me(caller).username, {
            projectId: body.projectId,
            sn: v.sn,
            name: v.name,
            poleId,
            model: v.model || null,
          });
        },
        report.imported,
      );
      return withMessage(result, 'device.import_done', {
        imported: result.imported,
        failed: result.errors.length,
      });
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
    imports.run(me(caller).userId, async (report) => {
      const rows = await readSheet(body.file, deviceImportColumns, report.read);
      const targets = await devices.importTargets(me(caller).userId, body.projectId);
      report.importing(rows.length);
      const result = await importRows(
        rows,
        lang,
        async (v) => {
          const device = deviceFromRow(v, targets);
          if (!(await devices.addImportedDevice(me(caller).username, device)))
            throw new RowError('device.address_taken', 'address', { address: device.address });
        },
        report.imported,
      );
      return withMessage(result, 'device.import_done', {
        imported: result.imported,
        failed: result.errors.length,
      });
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
  addRoute(
    app,
    guard,
    poleRoutes.exportXls,
    listExport(poleColumns, (userId, q) => devices.listPoles(userId, q), {
      'zh-CN': '灯杆',
      'en-US': 'poles',
    }),
  );
  addRoute(
    app,
    guard,
    gatewayRoutes.exportXls,
    listExport(gatewayColumns, (userId, q) => devices.listGateways(userId, q), {
      'zh-CN': '网关',
      'en-US': 'gateways',
    }),
  );
  addRoute(
    app,
    guard,
    lampExportRoutes.exportXls,
    listExport(lampColumns, (userId, q) => devices.listDevices(userId, 'lamp', q), {
      'zh-CN': '单灯',
      'en-US': 'lamps',
    }),
  );
  addRoute(
    app,
    guard,
    commandRoutes.exportXls,
    listExport(commandColumns, (userId, q) => devices.listCommands(userId, q), {
      'zh-CN': '指令记录',
      'en-US': 'commands',
    }),
  );
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
