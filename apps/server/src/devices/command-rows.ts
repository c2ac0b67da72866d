import type { CommandDto, CommandStatus } from '@ics/contract';
import type { Queryable } from '../db/database';

export const COMMAND_COLUMNS = `c.id, c.batch_id, c.project_id, c.gateway_id, g.sn as gateway_sn, c.device_id,
  c.device_address, c.cmd, c.params, c.status, c.attempts, c.reason, c.result, c.create_by, c.create_time, c.ack_time`;

export type CommandRow = {
  id: string;
  batch_id: string | null;
  project_id: string;
  gateway_id: string;
  gateway_sn: string;
  device_id: string | null;
  device_address: string | null;
  cmd: string;
  params: Record<string, unknown>;
  status: CommandStatus;
  attempts: number;
  reason: string | null;
  result: Record<string, unknown> | null;
  create_by: string | null;
  create_time: Date | string;
  ack_time: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toCommandDto(r: CommandRow): CommandDto {
  return {
    id: r.id,
    batchId: r.batch_id,
    projectId: r.project_id,
    gatewayId: r.gateway_id,
    gatewaySn: r.gateway_sn,
    deviceId: r.device_id,
    deviceAddress: r.device_address,
    cmd: r.cmd,
    params: r.params,
    status: r.status,
    attempts: r.attempts,
    reason: r.reason,
    result: r.result,
    createBy: r.create_by,
    createTime: iso(r.create_time)!,
    ackTime: iso(r.ack_time),
  };
}

export async function loadCommands(db: Queryable, ids: string[]): Promise<CommandDto[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<CommandRow>(
    `select ${COMMAND_COLUMNS} from dev_command c join dev_gateway g on g.id = c.gateway_id
      where c.id = any($1::text[]) order by c.create_time, c.id`,
    [ids],
  );
  return rows.map(toCommandDto);
}
