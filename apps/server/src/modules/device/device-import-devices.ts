import { type ChildKind, childKinds, deviceAddressSchema } from '@ics/contract/server';
import { invalid, missing, RowError } from './device-import';

/** Words accepted in the `kind` column besides the protocol's own kind names. */
const kindWords: Record<ChildKind, readonly string[]> = {
  lamp: ['lamp', '单灯', '单灯控制器', '灯控器'],
  sensor: ['sensor', '传感器', '环境传感器'],
  screen: ['screen', 'led', 'led screen', '信息屏', 'led屏'],
  speaker: ['speaker', '音柱', '广播'],
  camera: ['camera', '摄像头'],
};
const kindByWord = new Map(
  childKinds.flatMap((kind) => kindWords[kind].map((word) => [word.toLowerCase(), kind] as const)),
);

/** Gateways and poles of the project an import goes to, by the codes a sheet names them with. */
export type ImportTargets = {
  gatewayBySn: Map<string, { id: string; sn: string; projectId: string }>;
  poleByCode: Map<string, string>;
};

export type ImportedDevice = {
  gateway: { id: string; sn: string; projectId: string };
  kind: ChildKind;
  address: string;
  name: string;
  poleId: string | null;
  model: string | null;
};

/**
 * Checks one row of the device sheet against the project's gateways and poles; throws a
 * {@link RowError} naming the column at fault. The name defaults to the address, as for
 * devices a gateway announces itself.
 */
export function deviceFromRow(v: Record<string, string>, targets: ImportTargets): ImportedDevice {
  if (!v.kind) throw missing('kind');
  const kind = kindByWord.get(v.kind.toLowerCase());
  if (!kind) throw invalid('kind');
  if (!v.address) throw missing('address');
  if (!deviceAddressSchema.safeParse(v.address).success) throw invalid('address');
  const name = v.name || v.address;
  if (name.length > 100) throw invalid('name');
  if (!v.gateway) throw missing('gateway');
  const gateway = targets.gatewayBySn.get(v.gateway);
  if (!gateway) throw new RowError('device.import_unknown_gateway', 'gateway', { sn: v.gateway });
  let poleId: string | null = null;
  if (v.pole) {
    poleId = targets.poleByCode.get(v.pole) ?? null;
    if (!poleId) throw new RowError('device.import_unknown_pole', 'pole', { code: v.pole });
  }
  const model = v.model || null;
  if (model && model.length > 64) throw invalid('model');
  return { gateway, kind, address: v.address, name, poleId, model };
}
