import type { CommandDto, CommandStatus } from '@ics/contract/server';
import { isoOrNull } from '../../../http/sql-where';
import type { HeardAcks } from './heard-acks';

export const COMMAND_COLUMNS = `c.id, c.batch_id, c.project_id, c.gateway_id, g.sn as gateway_sn, c.device_id,
  c.device_address, c.cmd, c.params, c.status, c.attempts, c.reason, c.result, c.create_by, c.create_time, c.ack_time,
  c.message_id, c.create_user_id, c.job_kind, c.job_id`;

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
  /** The protocol message of a multi-device command (its ack carries this id). */
  message_id: string | null;
  /** Who must hear its outcome besides its project: the user who sent it, and its job. */
  create_user_id: string | null;
  job_kind: string | null;
  job_id: string | null;
};

/**
 * The command as the API answers it. With `heard` (the acks this node received), a row still
 * open (pending, or timed out and then acked late) answers the outcome its device already
 * reported while that ack's write is on its way: the row follows within milliseconds.
 */
export function toCommandDto(r: CommandRow, heard?: HeardAcks): CommandDto {
  const outcome =
    heard && (r.status === 'pending' || r.status === 'timeout') ? heard.outcomeOf(r) : undefined;
  if (outcome)
    return {
      ...rowDto(r),
      status: outcome.status,
      reason: outcome.reason,
      result: (outcome.result ?? r.result) as CommandDto['result'],
      ackTime: new Date(outcome.ts).toISOString(),
    };
  return rowDto(r);
}

function rowDto(r: CommandRow): CommandDto {
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
    createTime: isoOrNull(r.create_time)!,
    ackTime: isoOrNull(r.ack_time),
  };
}
